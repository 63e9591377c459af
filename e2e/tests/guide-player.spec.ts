import { expect, test } from '@playwright/test';
import { axeViolations, persistTheme } from '../helpers/budgets';
import {
  GUIDE,
  audio,
  button,
  chooseEnglish,
  durationLabel,
  elapsedLabel,
  enter,
  expectPlaying,
  languageSelect,
  flagshipPois,
  pick,
  player,
  scrubber,
} from '../helpers/guide-player';

// Each test enters the guide past its splash and listens for real: slower than the default 30 s
// allows on a busy machine.
test.describe.configure({ timeout: 60_000 });

const poi = flagshipPois();

test.describe('footer player (SPEC §2, §4)', () => {
  test('the first stop is ready without sound; selecting a stop plays it', async ({ page }) => {
    await enter(page);
    // SPEC §4: the first POI is auto-selected but not forced to play.
    await expect(player(page)).toContainText(poi('rsw-01').title);
    await expect(button(page, 'Play')).toBeVisible();
    await expect(durationLabel(page)).not.toHaveText('--:--');
    expect((await audio(page)).paused).toBe(true);

    await pick(page, poi('rsw-02').title);
    expect((await audio(page)).src).toContain('rsw-02-en.mp3');
    await expectPlaying(page);
  });

  test('a link to a stop loads it in the player', async ({ page }) => {
    await chooseEnglish(page);
    await page.goto(`${GUIDE}/rsw-02`);
    await expect(player(page)).toContainText(poi('rsw-02').title);
    await expect.poll(async () => (await audio(page)).src).toContain('rsw-02-en.mp3');
    // This browser allows sound without a gesture (launch flag); others show it ready.
    await expectPlaying(page);
  });

  test('toggle, scrub with the keyboard, ±15 s and speed', async ({ page }) => {
    await enter(page);
    await pick(page, poi('rsw-02').title);
    await expectPlaying(page);

    // Paused by something else (a call, unplugged headphones): the player shows it.
    await page.evaluate(() => document.querySelector('audio')!.pause());
    await expect(button(page, 'Play')).toBeVisible();
    await button(page, 'Play').click();
    await expectPlaying(page);
    await button(page, 'Pause').click();
    await expect(button(page, 'Play')).toBeVisible();
    expect((await audio(page)).paused).toBe(true);
    await button(page, 'Play').click();
    await expectPlaying(page);
    await button(page, 'Pause').click();

    const duration = (await audio(page)).duration;
    await scrubber(page).focus();
    await page.keyboard.press('Home');
    await expect(elapsedLabel(page)).toHaveText('0:00');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(elapsedLabel(page)).toHaveText('0:10');
    await expect(scrubber(page)).toHaveAttribute(
      'aria-valuetext',
      `0:10 of ${await durationLabel(page).textContent()}`,
    );
    await expect.poll(async () => (await audio(page)).time).toBeCloseTo(10, 1);
    // Still paused: a seek does not start the audio.
    await expect(button(page, 'Play')).toBeVisible();

    await button(page, 'Back 15 seconds').click();
    await expect(elapsedLabel(page)).toHaveText('0:00');
    await expect.poll(async () => (await audio(page)).time).toBeCloseTo(0, 1);
    await button(page, 'Forward 15 seconds').click();
    await expect(elapsedLabel(page)).toHaveText(
      `0:${String(Math.min(15, Math.floor(duration))).padStart(2, '0')}`,
    );
    await expect.poll(async () => (await audio(page)).time).toBeCloseTo(Math.min(15, duration), 1);

    await button(page, 'Playback speed 1×').click();
    await expect(button(page, 'Playback speed 1.25×')).toBeVisible();
    expect((await audio(page)).rate).toBe(1.25);
    for (const rate of ['1.5', '2', '0.75']) {
      await player(page)
        .getByRole('button', { name: /^Playback speed/ })
        .click();
      await expect(button(page, `Playback speed ${rate}×`)).toBeVisible();
      expect((await audio(page)).rate).toBe(Number(rate));
    }
  });

  test('dragging the scrubber holds the audio and resumes it where the drag ends', async ({
    page,
  }) => {
    await enter(page);
    await pick(page, poi('rsw-02').title);
    await expectPlaying(page);
    const box = (await scrubber(page).boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 4, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, y, { steps: 5 });
    // SPEC §4 scrubbing: the spinner shows, the icon stays the one it started from.
    await expect(button(page, 'Pause')).toHaveAttribute('data-status', 'scrubbing');
    expect((await audio(page)).paused).toBe(true);
    const half = (await audio(page)).duration / 2;
    await page.mouse.up();
    await expect(button(page, 'Pause')).toHaveAttribute('data-status', 'playing');
    await expectPlaying(page);
    expect((await audio(page)).time).toBeGreaterThan(half - 1.5);
  });

  test('switching to Español reloads the same stop in Spanish', async ({ page }) => {
    await enter(page);
    await pick(page, poi('rsw-02').title);
    await expectPlaying(page);
    await (await languageSelect(page)).selectOption({ label: 'Español' });
    const es = poi('rsw-02').translations.es!;
    await expect(player(page)).toContainText(es.title);
    await expect.poll(async () => (await audio(page)).src).toContain('rsw-02-es.mp3');
    // It was playing, so it plays on in the new language.
    await page.keyboard.press('Escape');
    await expectPlaying(page);
  });

  test('the transcript and the keypad open from the player', async ({ page }) => {
    await enter(page);
    await pick(page, poi('rsw-02').title);
    /** Inline on wide screens, in the '⋯' menu on phones (the keypad is always inline). */
    const option = async (name: string) => {
      const inline = button(page, name);
      if (await inline.isVisible()) return inline;
      await player(page).getByRole('button', { name: 'More options' }).click();
      return page.getByRole('dialog', { name: 'More options' }).getByRole('button', { name });
    };
    await (await option('Transcript')).click();
    const words = poi('rsw-02').transcript!.split('. ')[1]!.slice(0, 40);
    await expect(page.getByRole('dialog').getByText(words)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await (await option('Keypad')).click();
    await expect(page.getByRole('dialog', { name: 'Keypad' })).toBeVisible();
  });

  test('the keypad button shows in the player at every width, phones included (SPEC §2)', async ({
    page,
  }) => {
    await enter(page);
    await pick(page, poi('rsw-02').title);
    for (const [width, height] of [
      [320, 640],
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      const keypadButton = button(page, 'Keypad');
      await expect(keypadButton, `${width} px`).toBeVisible();
      // Whole on screen, inside the player, and the scrubber beside it still has room to drag.
      const box = (await keypadButton.boundingBox())!;
      const bar = (await player(page).boundingBox())!;
      expect(box.x, `${width} px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
      expect(box.y, `${width} px`).toBeGreaterThanOrEqual(bar.y);
      expect(box.width, `${width} px`).toBeGreaterThanOrEqual(36);
      expect((await scrubber(page).boundingBox())!.width, `${width} px`).toBeGreaterThanOrEqual(48);
      // Nothing overlaps it: what the pointer meets at its middle is the button.
      expect(
        await keypadButton.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        }),
      ).toBe(true);
      // Language and transcript stay behind '⋯' on phones, inline on wide screens.
      await expect(button(page, 'More options')).toBeVisible({ visible: width < 600 });
      await keypadButton.click();
      await expect(page.getByRole('dialog', { name: 'Keypad' })).toBeVisible();
      await page
        .getByRole('dialog', { name: 'Keypad' })
        .getByRole('button', { name: 'Close' })
        .click();
      await expect(page.getByRole('dialog', { name: 'Keypad' })).toBeHidden();
    }
  });

  test('a guide without a keypad shows no keypad button', async ({ page, request }) => {
    const tours = (await (await request.get('/api/v1/tours')).json()) as {
      token: string;
      has_keypad: boolean;
    }[];
    const plain = tours.find((g) => !g.has_keypad)!;
    await page.goto(`/guide/${plain.token}`);
    const tap = page.getByRole('button', { name: 'Tap to Enter' });
    await expect(tap).toHaveAttribute('aria-disabled', 'false');
    await tap.click();
    await expect(player(page)).toBeVisible();
    await expect(button(page, 'Play')).toBeVisible();
    await expect(button(page, 'Keypad')).toHaveCount(0);
  });

  test('coming back to a stop resumes where the listener left it', async ({ page }) => {
    await enter(page);
    await pick(page, poi('rsw-02').title);
    await expectPlaying(page);
    await button(page, 'Pause').click();
    await scrubber(page).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(elapsedLabel(page)).toHaveText('0:10');

    await pick(page, poi('rsw-03').title);
    await expect.poll(async () => (await audio(page)).src).toContain('rsw-03-en.mp3');
    await expectPlaying(page);
    expect((await audio(page)).time).toBeLessThan(5);

    await pick(page, poi('rsw-02').title);
    await expect.poll(async () => (await audio(page)).src).toContain('rsw-02-en.mp3');
    await expectPlaying(page);
    expect((await audio(page)).time).toBeGreaterThanOrEqual(10);
  });

  test('the end: Play shows, and a tap starts again at 0', async ({ page }) => {
    await enter(page);
    await pick(page, poi('rsw-02').title);
    await expectPlaying(page);
    await scrubber(page).focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await expect(button(page, 'Play')).toBeVisible({ timeout: 10_000 });
    await expect(elapsedLabel(page)).toHaveText((await durationLabel(page).textContent())!);
    expect((await audio(page)).paused).toBe(true);

    await button(page, 'Play').click();
    await expectPlaying(page);
    expect((await audio(page)).time).toBeLessThan(3);
  });

  test('a finished stop starts again at 0 when the listener comes back to it', async ({ page }) => {
    await enter(page);
    await pick(page, poi('rsw-02').title);
    await expectPlaying(page);
    await scrubber(page).focus();
    await page.keyboard.press('End');
    await expect(button(page, 'Play')).toBeVisible({ timeout: 10_000 });
    await pick(page, poi('rsw-03').title);
    await expectPlaying(page);
    await pick(page, poi('rsw-02').title);
    await expectPlaying(page);
    expect((await audio(page)).time).toBeLessThan(3);
  });

  test('a browser that refuses sound shows the stop ready to play, not an error', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      HTMLMediaElement.prototype.play = () =>
        Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
    });
    await enter(page);
    await pick(page, poi('rsw-02').title);
    await expect(button(page, 'Play')).toBeVisible();
    await expect(durationLabel(page)).not.toHaveText('--:--');
    // The stop's subtitle, where a failed file would show 'Audio unavailable'.
    await expect(player(page)).toContainText(`${poi('rsw-02').title}${poi('rsw-02').subtitle}`);
  });
});

test.describe('footer player accessibility', () => {
  for (const dark of [false, true]) {
    test(`axe-core finds nothing in the player (${dark ? 'dark' : 'light'})`, async ({ page }) => {
      await persistTheme(page, dark);
      await enter(page);
      if (dark) await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await pick(page, poi('rsw-02').title);
      await expectPlaying(page);
      const scan = () =>
        axeViolations(page, ['[aria-label="Audio player"]', '[data-radix-popper-content-wrapper]']);
      expect(await scan()).toEqual([]);
      await (await languageSelect(page)).focus();
      expect(await scan()).toEqual([]);
    });
  }
});
