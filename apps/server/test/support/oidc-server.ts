// A real OpenID provider for tests (oidc-provider 9 with its development login form), standing
// in for Google: the server's GOOGLE_DISCOVERY_URL points at `discoveryUrl`. Any login is
// accepted; the login typed is the e-mail address (and subject) of the account. In a test:
// `const idp = await startOidcServer({ clientId, clientSecret, redirectUris })`, then
// `signInAtProvider(authorizeUrl, 'ada@example.test')` walks the login and consent forms with
// fetch and returns the redirect back to the app. For an e2e run start it as a process
// (`npx tsx apps/server/test/support/oidc-server.ts`; OIDC_TEST_PORT, OIDC_CLIENT_ID,
// OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI) and let the browser fill the same form.
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type OidcServerOptions = {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  port?: number;
  host?: string;
  /** Display names by login; others get the part of the login before "@". */
  names?: Record<string, string>;
};

export type TestOidcServer = {
  issuer: string;
  discoveryUrl: string;
  close(): Promise<void>;
};

export async function startOidcServer(opts: OidcServerOptions): Promise<TestOidcServer> {
  const host = opts.host ?? '127.0.0.1';
  const http = createServer();
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(opts.port ?? 0, host, () => resolve());
  });
  const issuer = `http://${host}:${(http.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, login: string) => ({
      accountId: login,
      claims: async () => ({
        sub: login,
        email: login.includes('@') ? login : `${login}@example.test`,
        email_verified: true,
        name: opts.names?.[login] ?? login.split('@')[0],
      }),
    }),
    cookies: { keys: ['earshot-test-oidc-cookie-key'] },
    // Its own signing key and lifetimes, so the provider does not warn that it made them up.
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
            format: 'jwk',
          }),
          kid: 'test',
          alg: 'RS256',
          use: 'sig',
        },
      ],
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    features: { devInteractions: { enabled: true } },
  });
  http.on('request', provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

const decodeHtml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x2F;/g, '/')
    .replace(/&#39;/g, "'");

/** The first form of a page: where it posts and its hidden fields. */
function formOf(html: string): { action: string; fields: Record<string, string> } | null {
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return null;
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input[^>]*>/gi)) {
    const name = /name="([^"]+)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1];
    if (name && /type="hidden"/.test(input[0])) fields[name] = decodeHtml(value ?? '');
  }
  return { action: decodeHtml(form[1]!), fields };
}

/**
 * Signs in at the provider as `login` the way a person would — the login form, then the
 * consent form, carrying the provider's cookies — starting from the authorization URL the app
 * sent the browser to. Returns the URL the provider redirects back to the app with.
 */
export async function signInAtProvider(
  authorizeUrl: string,
  login: string,
  returnTo: string,
): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = authorizeUrl;
  let init: RequestInit = { method: 'GET' };
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).toString();
      if (next.startsWith(returnTo)) return next;
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const html = await res.text();
    const form = formOf(html);
    if (!form) throw new Error(`the provider answered ${res.status} without a form: ${html}`);
    const fields = html.includes('name="login"')
      ? { ...form.fields, login, password: 'any password' }
      : form.fields;
    url = new URL(form.action, url).toString();
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    };
  }
  throw new Error('the provider did not send the browser back to the app');
}

if (process.argv[1]?.endsWith('oidc-server.ts')) {
  const idp = await startOidcServer({
    port: Number(process.env.OIDC_TEST_PORT ?? 9400),
    clientId: process.env.OIDC_CLIENT_ID ?? 'earshot-e2e',
    clientSecret: process.env.OIDC_CLIENT_SECRET ?? 'earshot-e2e-secret',
    redirectUris: [
      process.env.OIDC_REDIRECT_URI ?? 'http://127.0.0.1:3000/api/auth/callback/google',
    ],
  });
  console.log(`OpenID provider at ${idp.issuer} (discovery: ${idp.discoveryUrl})`);
}
