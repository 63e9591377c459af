import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { mailsTo, uniqueEmail } from './accounts';
import { signedInAs, type Session } from './participation';

/**
 * The admin playwright.config.ts names in the e2e server's ADMIN_EMAILS: made admin once its
 * address is confirmed by mail (account() does).
 */
export const STUDIO_ADMIN = 'studio-admin@example.test';
export const STUDIO_PASSWORD = 'studio desk at dawn';

const origin = async (request: APIRequestContext) =>
  new URL((await request.get('/api/health')).url()).origin;

async function session(res: Awaited<ReturnType<APIRequestContext['post']>>, email: string) {
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { user: { id: string; name: string; email: string } };
  return { email, token: res.headers()['set-auth-token']!, user: body.user } satisfies Session;
}

/** The subject of the mail whose link confirms an address (apps/server auth/verify-mail.ts). */
export const CONFIRM_SUBJECT = 'Confirm your e-mail address for Earshot';

/** How many confirmation mails the e2e SMTP server caught for `email` (0 when none). */
async function confirmations(email: string): Promise<string[]> {
  const res = await fetch(
    `http://127.0.0.1:${process.env.E2E_SMTP_INBOX_PORT}/mails?to=${encodeURIComponent(email)}`,
  );
  const mails = (await res.json()) as { subject: string; text: string }[];
  return mails
    .filter((m) => m.subject === CONFIRM_SUBJECT)
    .map((m) => /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(m.text)?.[0] ?? '');
}

/**
 * The path of the newest confirmation link mailed to `email`, once more than `before` such
 * mails were caught (the server's own address cut: the page opens it on the tests' base URL).
 */
export async function confirmationPath(email: string, before = 0): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(async () => (links = await confirmations(email)).length, {
      timeout: 15_000,
      message: `a confirmation mail to ${email}`,
    })
    .toBeGreaterThan(before);
  const link = new URL(links.at(-1)!);
  return `${link.pathname}${link.search}`;
}

export const confirmationCount = async (email: string) => (await confirmations(email)).length;

/**
 * Proves the session's address as its owner does: asks for the confirmation mail and opens its
 * link (with SMTP set an unverified account cannot accept an invitation, and ADMIN_EMAILS makes
 * an admin only of a verified address: docs/studio.md Roles).
 */
export async function confirmAddress(request: APIRequestContext, s: Session): Promise<void> {
  const state = await request.get('/api/auth/get-session', {
    headers: { authorization: `Bearer ${s.token}` },
  });
  if (((await state.json()) as { user?: { emailVerified?: boolean } }).user?.emailVerified) return;
  const before = await confirmationCount(s.email);
  const asked = await request.post('/api/auth/send-verification-email', {
    data: { email: s.email },
    headers: { origin: await origin(request), authorization: `Bearer ${s.token}` },
  });
  // Two workers may confirm the shared admin's address at once: the other one's link won.
  const answer = await asked.text();
  if (asked.status() === 400 && /already verified/i.test(answer)) return;
  expect(asked.status(), answer).toBe(200);
  const opened = await request.get(await confirmationPath(s.email, before), { maxRedirects: 0 });
  expect(opened.status(), await opened.text()).toBe(302);
}

/**
 * An account through the identity service's API; signs in when the address has one already.
 * Its address is confirmed by mail unless `confirmed: false` (a spec that walks that itself).
 */
export async function account(
  request: APIRequestContext,
  email: string,
  name: string,
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<Session> {
  const headers = { origin: await origin(request) };
  const made = await request.post('/api/auth/sign-up/email', {
    data: { email, password: STUDIO_PASSWORD, name },
    headers,
  });
  const s = made.ok()
    ? await session(made, email)
    : await session(
        await request.post('/api/auth/sign-in/email', {
          data: { email, password: STUDIO_PASSWORD },
          headers,
        }),
        email,
      );
  if (confirmed) await confirmAddress(request, s);
  return s;
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
