import { expect, test, type Page, type Request } from '@playwright/test';
import { enterGuide } from '../helpers/guide';
import { manyGuidesURL } from '../helpers/servers';
import {
  canSignIn,
  dialog,
  mailsTo,
  menu,
  openLogin,
  openMenu,
  sessionUser,
  signInWith,
  signUp,
  storedAuth,
  uniqueEmail,
} from '../helpers/accounts';

const PASSWORD = 'correct horse battery';

/** Every request to our API, with the Authorization it carried. */
function apiRequests(page: Page) {
  const seen: { url: string; authorization: string | undefined }[] = [];
  page.on('request', (r: Request) => {
    if (new URL(r.url()).pathname.startsWith('/api/v1/'))
      seen.push({ url: r.url(), authorization: r.headers()['authorization'] });
  });
  return seen;
}

test.describe('accounts (SPEC §2 sign-in dialog, §5, §6, §8)', () => {
  test("register from the splash's 'Register to take part', then sign out", async ({
    page,
    request,
  }) => {
    const api = apiRequests(page);
    const email = uniqueEmail('ada');
    await enterGuide(page);
    await page
      .getByRole('complementary', { name: 'Take part' })
      .getByRole('button', { name: /Register to take part/ })
      .click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByText('Sign in to your account')).toBeVisible();
    await expect(dialog(page).getByRole('tab', { name: 'Register' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const form = dialog(page).getByRole('tabpanel', { name: 'Register' });
    await form.getByLabel('Email').fill('ada@');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(`${PASSWORD}!`);
    await form.getByLabel('Display name').fill('Ada');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Password does not match')).toBeVisible();
    await expect(form.getByText('Value must be more than 3 characters')).toBeVisible();
    await expect(form.getByLabel('Email')).toBeFocused();

    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByLabel('Display name').fill('Ada Lovelace');
    await expect(form.getByText('Hello, Ada Lovelace!')).toBeVisible();
    const visitorCalls = api.length;
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(dialog(page)).toBeHidden();

    // Signed in: the token in local storage is a live session of the new account.
    const { user, token } = await storedAuth(page);
    expect(user).toMatchObject({ email, name: 'Ada Lovelace' });
    expect(await sessionUser(request, token!)).toMatchObject({ email, name: 'Ada Lovelace' });
    await expect(page.getByRole('complementary', { name: 'Take part' })).toBeHidden();

    await openMenu(page);
    await expect(menu(page).getByText('Ada Lovelace')).toBeVisible();
    await expect(menu(page).getByRole('button', { name: 'Unregister' })).toBeVisible();
    await menu(page).getByRole('button', { name: 'Logout' }).click();
    await expect(menu(page)).toBeHidden();
    const signedOutFrom = api.length;
    expect(await storedAuth(page)).toEqual({ user: null, token: null });
    // The session is over on the server too.
    expect(await sessionUser(request, token!)).toBeNull();
    await openMenu(page);
    await expect(menu(page).getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(menu(page).getByRole('button', { name: 'Unregister' })).toBeHidden();
    await page.reload();
    await page.waitForLoadState('networkidle');
    // A visitor's calls to our API carry no token (SPEC §6), before and after.
    const visitor = [...api.slice(0, visitorCalls), ...api.slice(signedOutFrom)];
    expect(visitor.length).toBeGreaterThan(1);
    expect(visitor.filter((r) => r.authorization)).toEqual([]);
  });

  test('sign in: the missing fields, a wrong password, then the right one', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('grace');
    await signUp(request, { email, password: PASSWORD, name: 'Grace Hopper' });
    await page.goto('/');
    await openLogin(page);
    await expect(dialog(page).getByLabel('Email')).toBeFocused();
    await dialog(page).getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog(page).getByText('Your email address is required')).toBeVisible();
    await expect(dialog(page).getByText('Your password is required')).toBeVisible();

    await signInWith(page, email, 'not the password');
    const alert = dialog(page).getByRole('alert');
    await expect(alert).toHaveText(/Invalid email or password/);
    await expect(alert).toHaveCSS('background-color', 'rgb(253, 236, 234)');

    await signInWith(page, email, PASSWORD);
    await expect(dialog(page)).toBeHidden();
    expect((await storedAuth(page)).user).toMatchObject({ email, name: 'Grace Hopper' });
    // Signed in, the drawer's Login is Logout and the dialog does not open again.
    await openMenu(page);
    await expect(menu(page).getByRole('button', { name: 'Login' })).toHaveCount(0);
    await expect(menu(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('too many failed sign-ins: the lockout message', async ({ page, request }) => {
    const email = uniqueEmail('locked');
    await signUp(request, { email, password: PASSWORD, name: 'Locked Out' });
    await page.goto('/');
    await openLogin(page);
    const alert = dialog(page).getByRole('alert');
    const lockout = 'You have tried to login too many times. Try again in 10 minutes';
    for (let i = 0; i < 5; i++) {
      const answered = page.waitForResponse('**/api/auth/sign-in/email');
      await signInWith(page, email, `wrong ${i}`);
      expect((await answered).status()).toBe(401);
      await expect(alert).toHaveText(/Invalid email or password/);
    }
    // Locked: even the right password is refused, with the SPEC's words.
    await signInWith(page, email, PASSWORD);
    await expect(alert).toHaveText(lockout);
    expect(await storedAuth(page)).toEqual({ user: null, token: null });
  });

  test('reset: the mail caught by the SMTP server, its link followed, the new password', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('reset');
    const newPassword = 'a brand new secret';
    await signUp(request, { email, password: PASSWORD, name: 'Reset Me' });
    await page.goto('/');
    await openLogin(page);
    await dialog(page).getByLabel('Email').fill(email);
    await dialog(page).getByRole('button', { name: 'forgot password?' }).click();
    const reset = dialog(page).getByRole('tabpanel', { name: 'Forgot your password?' });
    await expect(reset.getByLabel('Email')).toHaveValue(email);
    await reset.getByRole('button', { name: 'Send Reset Email' }).click();
    // Back on the tab it came from, with the info message in green.
    const info = dialog(page).getByRole('status');
    await expect(info).toHaveText(
      'Password reset email sent, Check your inbox for password reset instructions',
    );
    await expect(info).toHaveCSS('background-color', 'rgb(232, 246, 237)');
    await expect(dialog(page).getByRole('tab', { name: 'Sign In' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const [mail] = await mailsTo(email);
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail!.text)?.[0];
    expect(link, mail!.text).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole('status')).toHaveText(
      'Your password has been changed. Sign in with your new password.',
    );
    await expect(page).toHaveURL(/\/reset-password$/);
    await signInWith(page, email, newPassword);
    await expect(dialog(page)).toBeHidden();
    expect((await storedAuth(page)).user).toMatchObject({ email });
    expect(await canSignIn(request, email, PASSWORD)).toBe('401 Invalid email or password');

    // The link works once.
    await page.goto(link!);
    await page.getByLabel('New password').fill('yet another secret');
    await page.getByLabel('Confirm password').fill('yet another secret');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
  });

  test('Google sign-in against the local OpenID provider', async ({ page, request }) => {
    const login = uniqueEmail('hedy');
    await page.goto('/about');
    await openLogin(page);
    await dialog(page).getByRole('button', { name: 'Sign in with Google' }).click();
    // The provider's own sign-in and consent pages (oidc-provider's development forms).
    await page.waitForURL((url) => url.port === process.env.E2E_OIDC_PORT);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
    await page.getByRole('button', { name: /continue/i }).click();
    // Back on the page it started from, signed in.
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(async () => (await storedAuth(page)).user?.email).toBe(login);
    const { token } = await storedAuth(page);
    expect(await sessionUser(request, token!)).toMatchObject({ email: login });
    await openMenu(page);
    await expect(menu(page).getByText(login)).toBeVisible();
  });

  test('a Google sign-in cancelled at the provider says so in the dialog', async ({ page }) => {
    await page.goto('/about');
    await openLogin(page);
    await dialog(page).getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL((url) => url.port === process.env.E2E_OIDC_PORT);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    // Back where it started, the error taken out of the address and shown.
    await expect(page).toHaveURL(/\/about$/);
    await expect(dialog(page).getByRole('alert')).toHaveText(
      /^Google sign-in did not complete \(access denied\)/,
    );
    expect(await storedAuth(page)).toEqual({ user: null, token: null });
  });

  test('Google sign-in on a server without it says so', async ({ page }) => {
    await page.goto(manyGuidesURL());
    await openLogin(page);
    const google = dialog(page).getByRole('button', {
      name: 'Google sign-in is not available on this server',
    });
    await expect(google).toBeVisible();
    await expect(google).toHaveAttribute('aria-disabled', 'true');
    // A tap on it goes nowhere (aria-disabled: Playwright would wait for it to be enabled).
    await google.click({ force: true });
    await expect(dialog(page)).toBeVisible();
    expect(new URL(page.url()).origin).toBe(manyGuidesURL());
  });

  test('unregister: asked first, then the account is gone and its token dead', async ({
    page,
    request,
  }) => {
    const api = apiRequests(page);
    const email = uniqueEmail('leaving');
    await signUp(request, { email, password: PASSWORD, name: 'Leaving Soon' });
    await page.goto('/');
    await openLogin(page);
    await signInWith(page, email, PASSWORD);
    await expect(dialog(page)).toBeHidden();
    const { token } = await storedAuth(page);

    await openMenu(page);
    await menu(page).getByRole('button', { name: 'Unregister' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Unregister?' });
    await expect(confirm.getByRole('button', { name: 'Keep my account' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Keep my account' }).click();
    await expect(confirm).toBeHidden();
    expect(await sessionUser(request, token!)).toMatchObject({ email });

    await menu(page).getByRole('button', { name: 'Unregister' }).click();
    await confirm.getByRole('button', { name: 'Unregister' }).click();
    // (While the confirmation is open the menu is hidden from assistive technology already.)
    await expect(confirm).toBeHidden();
    await expect(menu(page)).toBeHidden();
    expect(await storedAuth(page)).toEqual({ user: null, token: null });
    // The call carried the session as Authorization (SPEC §6, §7 unregister/).
    const unregister = api.find((r) => r.url.endsWith('/api/v1/unregister/'));
    expect(unregister?.authorization).toBe(`Bearer ${token}`);
    expect(await sessionUser(request, token!)).toBeNull();
    expect(await canSignIn(request, email, PASSWORD)).toBe('401 Invalid email or password');
  });
  test('display names render as text: an XSS corpus in the greeting and the drawer', async ({
    page,
    request,
  }) => {
    const corpus = [
      '<img src=x onerror="window.__xss = 1">',
      '<script>window.__xss = 2</script>',
      '"><svg onload="window.__xss = 3">',
    ];
    const injected = 'img[onerror], script:not([src]):not([type]), svg[onload]';
    for (const name of corpus) {
      const email = uniqueEmail('xss');
      await signUp(request, { email, password: PASSWORD, name });
      await page.goto('/');
      await openLogin(page);
      await dialog(page).getByRole('tab', { name: 'Register' }).click();
      await dialog(page).getByLabel('Display name').fill(name);
      await expect(dialog(page)).toContainText(`Hello, ${name}!`);
      expect(await dialog(page).locator(injected).count()).toBe(0);
      await dialog(page).getByRole('tab', { name: 'Sign In' }).click();
      await signInWith(page, email, PASSWORD);
      await expect(dialog(page)).toBeHidden();
      await openMenu(page);
      await expect(menu(page)).toContainText(name);
      expect(await menu(page).locator(injected).count()).toBe(0);
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      await page.evaluate(() => localStorage.removeItem('earshot-auth'));
    }
  });
});
