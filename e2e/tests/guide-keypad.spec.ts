import { expect, test, type Page } from '@playwright/test';
import { axeViolations, persistTheme } from '../helpers/budgets';
import { enterGuide, GUIDE } from '../helpers/guide';

/** The player's keypad button: in the player bar at every width (SPEC §2). */
async function openKeypad(page: Page) {
  await expect(page.getByRole('region', { name: 'Audio player' })).toBeVisible();
  await page
    .getByRole('region', { name: 'Audio player' })
    .getByRole('button', { name: 'Keypad', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Keypad' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/#keypad$/);
  return dialog;
}

const display = (page: Page) => page.getByTestId('keypad-display');
const key = (page: Page, name: string) =>
  page.getByRole('dialog').getByRole('button', { name, exact: true });
async function press(page: Page, digits: string) {
  for (const d of digits) await key(page, d).click();
}
/** Stops time where it is, so each timer runs only when the test moves the clock. */
async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test('103 selects Working River at once, its detail opens and the keypad closes after 5 s', async ({
  page,
}) => {
  await enterGuide(page);
  await openKeypad(page);
  await pauseClock(page);
  await press(page, '103');
  await key(page, 'Go').click();
  await expect(display(page)).toHaveAttribute('data-state', 'success');
  await expect(page.getByTestId('keypad-status')).toHaveText('Working River');
  // Selected at once: the player loads its audio.
  await expect(page.locator('audio')).toHaveAttribute('src', /rsw-03-en\.mp3/);
  await page.clock.runFor(4900);
  await expect(page.getByRole('dialog', { name: 'Keypad' })).toBeVisible();
  await page.clock.runFor(200);
  await expect(page.getByRole('dialog', { name: 'Keypad' })).toBeHidden();
  await expect(page).not.toHaveURL(/#keypad/);
  // Time flows again for the detail, which loads on demand (React reveals it on a timer).
  await page.clock.resume();
  // Its detail opens as the modal layout: a dialog named by the stop's title.
  await expect(page.getByRole('dialog', { name: 'Working River' })).toBeVisible();
});

test('999 is invalid, logged as KEYPAD REJECTED and cleared after 800 ms', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await enterGuide(page);
  await openKeypad(page);
  await pauseClock(page);
  await press(page, '99');
  // No code starts with 9: the keypad warns while typing.
  await expect(display(page)).toHaveAttribute('data-state', 'warning');
  await press(page, '9');
  await key(page, 'Go').click();
  await expect(display(page)).toHaveAttribute('data-state', 'invalid');
  await expect(page.getByTestId('keypad-status')).toHaveText('No stop with number 999');
  await expect(page.getByTestId('keypad-status')).toHaveAttribute('role', 'status');
  expect(warnings.some((w) => w.startsWith('KEYPAD REJECTED'))).toBe(true);
  await page.clock.runFor(700);
  await expect(display(page)).toHaveAttribute('data-state', 'invalid');
  await page.clock.runFor(150);
  await expect(display(page)).toHaveAttribute('data-state', 'default');
  await expect(page.locator('output')).toHaveAttribute('aria-label', 'Stop number empty');
});

test('a number left alone is submitted after 6 s', async ({ page }) => {
  await enterGuide(page);
  await openKeypad(page);
  await pauseClock(page);
  await press(page, '105');
  await page.clock.runFor(5900);
  await expect(display(page)).toHaveAttribute('data-state', 'default');
  await page.clock.runFor(200);
  await expect(display(page)).toHaveAttribute('data-state', 'success');
  await expect(page.getByTestId('keypad-status')).toHaveText('Bridge Choir');
});

test('max length is the longest code: a 4th digit is refused; backspace and clear re-evaluate', async ({
  page,
}) => {
  await enterGuide(page);
  await openKeypad(page);
  await pauseClock(page);
  await press(page, '1024');
  const out = page.locator('output');
  await expect(out).toHaveAttribute('aria-label', 'Stop number 102');
  await expect(display(page)).toHaveAttribute('data-state', 'error');
  await key(page, 'Backspace').click();
  await expect(out).toHaveAttribute('aria-label', 'Stop number 10');
  await expect(display(page)).toHaveAttribute('data-state', 'default');
  await key(page, 'Backspace').click();
  // No code starts with 19: a warning, which backspace takes away again.
  await press(page, '9');
  await expect(out).toHaveAttribute('aria-label', 'Stop number 19');
  await expect(display(page)).toHaveAttribute('data-state', 'warning');
  await key(page, 'Backspace').click();
  await expect(display(page)).toHaveAttribute('data-state', 'default');
  await key(page, 'Clear').click();
  await expect(out).toHaveAttribute('aria-label', 'Stop number empty');
});

test('the physical keyboard types, erases, submits and closes', async ({ page }) => {
  await enterGuide(page);
  await openKeypad(page);
  await pauseClock(page);
  await page.keyboard.type('1049');
  await expect(page.locator('output')).toHaveAttribute('aria-label', 'Stop number 104');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await expect(display(page)).toHaveAttribute('data-state', 'success');
  await expect(page.getByTestId('keypad-status')).toHaveText('High Water Marks');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keypad' })).toBeHidden();
  await expect(page).not.toHaveURL(/#keypad/);
});

test('the browser back button closes the keypad; the close button takes its entry away', async ({
  page,
}) => {
  await enterGuide(page);
  await openKeypad(page);
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Keypad' })).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${GUIDE}$`));
  await openKeypad(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Keypad' })).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${GUIDE}$`));
});

test('keypad and directory: a toggle on phones, side by side on wide screens', async ({
  page,
}, testInfo) => {
  await enterGuide(page);
  await openKeypad(page);
  // Named 'Keypad', or 'Directory' while only the list shows.
  const dialog = page.getByRole('dialog');
  const list = dialog.getByRole('list', { name: 'Stops by number' });
  if (testInfo.project.name === 'phone') {
    await expect(list).toBeHidden();
    await dialog.getByRole('button', { name: 'Directory' }).click();
    await expect(page.getByRole('dialog', { name: 'Directory' })).toBeVisible();
    await expect(key(page, '5')).toBeHidden();
  } else {
    await expect(dialog.getByRole('button', { name: 'Directory', exact: true })).toHaveCount(0);
    await expect(key(page, '5')).toBeVisible();
  }
  const items = list.getByRole('button');
  await expect(items).toHaveCount(14);
  await expect(items.first()).toContainText('101');
  await expect(items.first()).toContainText('Tidewater Gate');
  await expect(items.first()).toContainText('Weathering steel, 2019');
  await expect(items.last()).toContainText('114');
  await pauseClock(page);
  await items.filter({ hasText: 'Salmon Run' }).click();
  // The pick sets the input to its code and submits it; the result shows on the keypad.
  await expect(page.getByRole('dialog', { name: 'Keypad' })).toBeVisible();
  await expect(page.locator('output')).toHaveAttribute('aria-label', 'Stop number 104');
  await expect(display(page)).toHaveAttribute('data-state', 'success');
  await expect(page.locator('audio')).toHaveAttribute('src', /rsw-04-en\.mp3/);
});

test('/directory lists the stops by number and a pick goes back to the guide with it', async ({
  page,
}) => {
  await enterGuide(page, `${GUIDE}/directory`);
  await expect(page.getByRole('heading', { level: 1, name: 'Directory' })).toBeVisible();
  const items = page.getByRole('list', { name: 'Stops by number' }).getByRole('button');
  await expect(items).toHaveCount(14);
  await expect(items.nth(2)).toContainText('103');
  await items.filter({ hasText: 'Heron at Rest' }).click();
  await expect(page).toHaveURL(new RegExp(`${GUIDE}$`));
  await expect(page.locator('audio')).toHaveAttribute('src', /rsw-06-en\.mp3/);
});

for (const dark of [false, true])
  test(`axe finds nothing on the keypad, ${dark ? 'dark' : 'light'}`, async ({ page }) => {
    await persistTheme(page, dark);
    await enterGuide(page);
    await openKeypad(page);
    await press(page, '10');
    expect(await axeViolations(page)).toEqual([]);
  });
