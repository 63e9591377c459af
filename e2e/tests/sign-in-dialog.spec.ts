import { expect, test } from '@playwright/test';
import { axeViolations, persistTheme } from '../helpers/budgets';
import { dialog, menu, openLogin, signInWith, uniqueEmail } from '../helpers/accounts';

// The sign-in dialog's accessibility; what it does is in accounts.spec.ts.
test.describe('the sign-in dialog for everyone', () => {
  for (const dark of [false, true])
    test(`axe finds nothing on each tab, ${dark ? 'dark' : 'light'}`, async ({ page }) => {
      await persistTheme(page, dark);
      await page.goto('/');
      await openLogin(page);
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page)).toEqual([]);
      // With its messages showing: the fields', then the banner's red and green.
      await dialog(page).getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(dialog(page).getByText('Your password is required')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await signInWith(page, uniqueEmail('nobody'), 'not an account');
      await expect(dialog(page).getByRole('alert')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await dialog(page).getByRole('button', { name: 'forgot password?' }).click();
      await dialog(page).getByRole('button', { name: 'Send Reset Email' }).click();
      await expect(dialog(page).getByRole('status')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await dialog(page).getByRole('tab', { name: 'Register' }).click();
      await dialog(page).getByLabel('Display name').fill('Adam');
      await dialog(page).getByRole('button', { name: 'Register' }).click();
      await expect(dialog(page).getByText('Hello, Adam!')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await dialog(page).getByRole('tab', { name: 'Sign In' }).click();
      await dialog(page).getByRole('button', { name: 'forgot password?' }).click();
      await dialog(page).getByLabel('Email').fill('nobody@');
      await dialog(page).getByRole('button', { name: 'Send Reset Email' }).click();
      await expect(dialog(page).getByText('Please enter a valid email address')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

  test('works from the keyboard', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'started');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menu(page)).toBeVisible();
    const loginItem = menu(page).getByRole('button', { name: 'Login' });
    while (!(await loginItem.evaluate((el) => el === document.activeElement)))
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByLabel('Email')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog(page).getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog(page).getByRole('button', { name: 'forgot password?' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog(page).getByRole('button', { name: 'Send Reset Email' })).toBeVisible();
    // The tabs: one stop, arrows move between them.
    await dialog(page).getByRole('tab', { name: 'Sign In' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog(page).getByRole('tab', { name: 'Register' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});
