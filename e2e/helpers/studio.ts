import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailsTo, uniqueEmail } from './accounts';
import { signedInAs, type Session } from './participation';

/** The admin playwright.config.ts names in the e2e server's ADMIN_EMAILS. */
export const STUDIO_ADMIN = 'studio-admin@example.test';
export const STUDIO_PASSWORD = 'studio desk at dawn';

const origin = async (request: APIRequestContext) =>
  new URL((await request.get('/api/health')).url()).origin;

async function session(res: Awaited<ReturnType<APIRequestContext['post']>>, email: string) {
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { user: { id: string; name: string; email: string } };
  return { email, token: res.headers()['set-auth-token']!, user: body.user } satisfies Session;
}

/** An account through the identity service's API; signs in when the address has one already. */
export async function account(
  request: APIRequestContext,
  email: string,
  name: string,
): Promise<Session> {
  const headers = { origin: await origin(request) };
  const made = await request.post('/api/auth/sign-up/email', {
    data: { email, password: STUDIO_PASSWORD, name },
    headers,
  });
  if (made.ok()) return session(made, email);
  const res = await request.post('/api/auth/sign-in/email', {
    data: { email, password: STUDIO_PASSWORD },
    headers,
  });
  return session(res, email);
}

export const adminSession = (request: APIRequestContext) =>
  account(request, STUDIO_ADMIN, 'Studio Admin');

const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` });

/** A new organisation made by the admin through the real call; its id. */
export async function newOrganisation(
  request: APIRequestContext,
  admin: Session,
  name: string,
): Promise<number> {
  const res = await request.post('/api/v1/studio/organisations', {
    data: { name },
    headers: bearer(admin),
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/**
 * The token of an invitation the admin sends to `email`: from the mail the e2e SMTP server
 * caught, or from the answer's link when none was sent.
 */
export async function invite(
  request: APIRequestContext,
  admin: Session,
  organisation: number,
  email: string,
): Promise<string> {
  const res = await request.post(`/api/v1/studio/organisations/${organisation}/invitations`, {
    data: { email },
    headers: bearer(admin),
  });
  expect(res.status(), await res.text()).toBe(201);
  const sent = (await res.json()) as { mailed: boolean; link?: string };
  const text = sent.mailed ? (await mailsTo(email)).map((m) => m.text).join('\n') : sent.link!;
  const token = /\/studio\/invitations\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(token, text).toBeTruthy();
  return token!;
}

/** A publisher of a new organisation, through the real calls: admin, invitation, accept. */
export async function newPublisher(
  request: APIRequestContext,
  name = 'Ana Publisher',
): Promise<{ publisher: Session; organisation: number; admin: Session }> {
  const admin = await adminSession(request);
  const organisation = await newOrganisation(
    request,
    admin,
    `City Museum ${Math.random().toString(36).slice(2, 7)}`,
  );
  const email = uniqueEmail('publisher');
  const token = await invite(request, admin, organisation, email);
  const publisher = await account(request, email, name);
  const res = await request.post(`/api/v1/studio/invitations/${token}/accept`, {
    headers: bearer(publisher),
    data: {},
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return { publisher, organisation, admin };
}

/** The draft of `token` as the server holds it. */
export async function serverDraft(request: APIRequestContext, s: Session, token: string) {
  const res = await request.get(`/api/v1/studio/guides/${token}/draft`, { headers: bearer(s) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { revision: number; document: Record<string, unknown> };
}

export { signedInAs };

/** Waits for the editor's status to say the draft is saved. */
export const saved = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
