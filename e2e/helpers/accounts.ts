import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** An address no other test (or earlier run on the same server) has used. */
export const uniqueEmail = (name: string) =>
  `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

/** The inbox of the SMTP server playwright.config.ts starts (servers/accounts.ts). */
const inbox = () => {
  const port = process.env.E2E_SMTP_INBOX_PORT;
  if (!port) throw new Error('E2E_SMTP_INBOX_PORT is set by playwright.config.ts');
  return `http://127.0.0.1:${port}/mails`;
};

export type CaughtMail = { to: string[]; subject: string; text: string };

/** The mails the SMTP server caught for `address`, waiting until there is at least one. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  let mails: CaughtMail[] = [];
  await expect
    .poll(
      async () => {
        const res = await fetch(`${inbox()}?to=${encodeURIComponent(address)}`);
        mails = (await res.json()) as CaughtMail[];
        return mails.length;
      },
      { timeout: 15_000, message: `a mail to ${address}` },
    )
    .toBeGreaterThan(0);
  return mails;
}

/** An account made through the identity service's own API; its session token. */
export async function signUp(
  request: APIRequestContext,
  account: { email: string; password: string; name: string },
): Promise<string> {
  // After a first account the context holds its cookie, and the identity service then wants
  // the app's origin, as a browser sends it.
  const origin = new URL((await request.get('/api/health')).url()).origin;
  const res = await request.post('/api/auth/sign-up/email', {
    data: account,
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.headers()['set-auth-token']!;
}

/** The user whose session `token` is, asked of the identity service; null when none. */
export async function sessionUser(
  request: APIRequestContext,
  token: string,
): Promise<{ email: string; name: string } | null> {
  const res = await request.get('/api/auth/get-session', {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { user?: { email: string; name: string } } | null;
  return body?.user ?? null;
}

/**
 * Whether e-mail and password sign in, asked of the identity service: true, or the status
 * and message of the refusal. The request context keeps the cookie of an account it made,
 * and the identity service then wants the app's origin, as a browser sends it.
 */
export async function canSignIn(request: APIRequestContext, email: string, password: string) {
  const origin = new URL((await request.get('/api/health')).url()).origin;
  const res = await request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin },
  });
  if (res.ok()) return true;
  return `${res.status()} ${((await res.json()) as { message?: string }).message}`;
}

/** What the app keeps in local storage about who is signed in. */
export const storedAuth = (page: Page) =>
  page.evaluate(
    () =>
      (
        JSON.parse(localStorage.getItem('earshot-auth') ?? 'null') as {
          state: { user: { name: string; email: string } | null; token: string | null };
        } | null
      )?.state ?? { user: null, token: null },
  );

/** The sign-in dialog (SPEC §2). */
export const dialog = (page: Page) => page.getByRole('dialog', { name: 'Login' });
/** The drawer menu. */
export const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

export async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu(page)).toBeVisible();
}

/** The sign-in dialog, opened from the drawer's Login. */
export async function openLogin(page: Page) {
  await openMenu(page);
  await menu(page).getByRole('button', { name: 'Login' }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(menu(page)).toBeHidden();
}

/** Fills and sends the Sign In tab. */
export async function signInWith(page: Page, email: string, password: string) {
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByLabel('Password', { exact: true }).fill(password);
  await dialog(page).getByRole('button', { name: 'Sign In', exact: true }).click();
}
