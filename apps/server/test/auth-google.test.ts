import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';
import { bearer, signUp, uniqueEmail } from './auth-helpers.js';
import { signInAtProvider, startOidcServer, type TestOidcServer } from './support/oidc-server.js';

// Google sign-in through better-auth's real redirect flow, against a real local OpenID
// provider standing in for accounts.google.com (GOOGLE_DISCOVERY_URL points at it).
const PUBLIC_URL = 'http://earshot.localhost:3999';
const CALLBACK = `${PUBLIC_URL}/api/auth/callback/google`;
const CLIENT = { clientId: 'earshot-test-client', clientSecret: 'earshot-test-client-secret' };

let idp: TestOidcServer;
let env: TestEnv;
beforeAll(async () => {
  idp = await startOidcServer({
    ...CLIENT,
    redirectUris: [CALLBACK],
    names: { 'grace@example.test': 'Grace Hopper' },
  });
  env = await makeEnv({
    auth: { publicUrl: PUBLIC_URL, google: { ...CLIENT, discoveryUrl: idp.discoveryUrl } },
  });
  await importFixture(env);
});
afterAll(async () => {
  await env.close();
  await idp.close();
});

const cookiesOf = (setCookie: string | string[] | undefined) =>
  ([] as string[])
    .concat(setCookie ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');

/** The browser's trip: the provider's URL from the app, sign-in there, back to the callback. */
async function googleCallback(login: string) {
  const start = await env.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'google', callbackURL: '/signed-in', errorCallbackURL: '/sign-in-failed' },
  });
  expect(start.statusCode).toBe(200);
  const { url } = start.json<{ url: string }>();
  expect(url.startsWith(`${idp.issuer}/auth?`)).toBe(true);
  const back = await signInAtProvider(url, login, CALLBACK);
  return env.app.inject({
    method: 'GET',
    url: back.slice(PUBLIC_URL.length),
    headers: { cookie: cookiesOf(start.headers['set-cookie']) },
  });
}

/**
 * What the web does: after the trip it lands on `callbackURL` with a session cookie and reads
 * its bearer token from get-session once; from then on it sends only Authorization.
 */
async function signInWithGoogle(login: string) {
  const callback = await googleCallback(login);
  expect(callback.statusCode).toBe(302);
  expect(callback.headers.location).toBe('/signed-in');
  const session = await env.app.inject({
    method: 'GET',
    url: '/api/auth/get-session',
    headers: { cookie: cookiesOf(callback.headers['set-cookie']) },
  });
  const body = session.json<{
    session: { token: string };
    user: { id: string; name: string; email: string };
  }>();
  return { token: body.session.token, user: body.user };
}

const usersWithEmail = (email: string) =>
  env.handle.db.selectFrom('users').select('id').where('email', '=', email).execute();

describe('Google sign-in', () => {
  it('is offered: auth_providers says so', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/v1/auth_providers' });
    expect(res.json()).toEqual({ google: true });
  });

  it('creates the account from the provider and gives a token the API accepts', async () => {
    const { token, user } = await signInWithGoogle('grace@example.test');
    expect(user).toMatchObject({ email: 'grace@example.test', name: 'Grace Hopper' });
    const sub = await env.app.inject({
      method: 'POST',
      url: '/api/v1/guides_by_token/mini-walk/subscribe/',
      headers: bearer(token),
    });
    expect(sub.statusCode).toBe(204);
    const accounts = await env.handle.db
      .selectFrom('accounts')
      .select(['provider_id', 'account_id'])
      .where('user_id', '=', user.id)
      .execute();
    expect(accounts).toEqual([{ provider_id: 'google', account_id: 'grace@example.test' }]);
  });

  it('signs the same person in to the same account next time', async () => {
    const first = await signInWithGoogle('alan@example.test');
    const second = await signInWithGoogle('alan@example.test');
    expect(second.user.id).toBe(first.user.id);
    expect(second.token).not.toBe(first.token);
    expect(await usersWithEmail('alan@example.test')).toHaveLength(1);
  });

  it('refuses a callback that does not carry the state cookie of its start', async () => {
    const start = await env.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/signed-in' },
    });
    const back = await signInAtProvider(
      start.json<{ url: string }>().url,
      'mallory@example.test',
      CALLBACK,
    );
    const forged = await env.app.inject({ method: 'GET', url: back.slice(PUBLIC_URL.length) });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toMatch(/error=/);
    expect(forged.headers['set-auth-token']).toBeUndefined();
    expect(await usersWithEmail('mallory@example.test')).toEqual([]);
  });

  it('unregisters a Google account like any other', async () => {
    const email = uniqueEmail('google');
    const { token, user } = await signInWithGoogle(email);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/v1/unregister/',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(204);
    const left = await env.handle.db
      .selectFrom('accounts')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('does not take over an e-mail account whose address was never verified', async () => {
    // Someone registered the address with a password; signing in with Google as that address
    // must not hand the Google user that account (nor the registrant the Google identity).
    const existing = await signUp(env.app, { email: uniqueEmail('both') });
    const callback = await googleCallback(existing.user.email);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/sign-in-failed?error=account_not_linked');
    expect(callback.headers['set-auth-token']).toBeUndefined();
    expect(await usersWithEmail(existing.user.email)).toEqual([{ id: existing.user.id }]);
    const accounts = await env.handle.db
      .selectFrom('accounts')
      .select('provider_id')
      .where('user_id', '=', existing.user.id)
      .execute();
    expect(accounts).toEqual([{ provider_id: 'credential' }]);
  });
});
