import { expect, test } from '@playwright/test';
import {
  GUIDE_TITLE,
  audio,
  button,
  elapsedLabel,
  enter,
  expectPlaying,
  flagshipPois,
  pick,
  player,
} from '../helpers/guide-player';

// Each test enters the guide past its splash and listens for real: slower than the default 30 s
// allows on a busy machine.
test.describe.configure({ timeout: 60_000 });

const poi = flagshipPois();

test.describe('footer player and the system (Media Session, wake lock, hidden tab)', () => {
  test('Media Session metadata names the stop and the guide', async ({ page }) => {
    await enter(page);
    await pick(page, poi('rsw-02').title);
    await expectPlaying(page);
    // Set a moment after the sound starts (the lock screen's code loads with the first sound).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const m = navigator.mediaSession.metadata;
          return m && { title: m.title, artist: m.artist, album: m.album, art: m.artwork[0]?.src };
        }),
      )
      .toEqual({
        title: poi('rsw-02').title,
        artist: GUIDE_TITLE,
        album: 'Earshot',
        art: expect.stringContaining('rsw-02-1.jpg'),
      });
    await expect
      .poll(() => page.evaluate(() => navigator.mediaSession.playbackState))
      .toBe('playing');
  });

  test('lock-screen and headset controls drive the player (Media Session handlers)', async ({
    page,
  }) => {
    // Keeps the handlers the app registers so the test can press them as the OS would.
    await page.addInitScript(() => {
      const w = window as unknown as { handlers: Record<string, MediaSessionActionHandler | null> };
      w.handlers = {};
      const set = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
      navigator.mediaSession.setActionHandler = (action, handler) => {
        w.handlers[action] = handler;
        set(action, handler);
      };
    });
    const press = (action: string, details: Record<string, unknown> = {}) =>
      page.evaluate(
        ([a, d]) =>
          (window as unknown as { handlers: Record<string, (d: object) => void> }).handlers[a]!({
            action: a,
            ...d,
          }),
        [action, details] as const,
      );
    await enter(page);
    await pick(page, poi('rsw-02').title);
    await expectPlaying(page);
    // The handlers come a moment after the first sound (their code loads with it).
    await expect
      .poll(() =>
        page.evaluate(
          () => typeof (window as unknown as { handlers: Record<string, unknown> }).handlers.pause,
        ),
      )
      .toBe('function');
    await press('pause');
    await expect(button(page, 'Play')).toBeVisible();
    expect((await audio(page)).paused).toBe(true);
    await press('seekto', { seekTime: 0 });
    await expect(elapsedLabel(page)).toHaveText('0:00');
    await press('seekforward');
    await expect(elapsedLabel(page)).toHaveText('0:15');
    await press('seekbackward', { seekOffset: 10 });
    await expect(elapsedLabel(page)).toHaveText('0:05');
    await expect.poll(async () => (await audio(page)).time).toBeCloseTo(5, 1);
    await press('play');
    await expectPlaying(page);
    await press('nexttrack');
    await expect(player(page)).toContainText(poi('rsw-03').title);
    await press('previoustrack');
    await press('previoustrack');
    await expect(player(page)).toContainText(poi('rsw-01').title);
    await expectPlaying(page);
  });

  test('the screen stays on while playing; hiding the tab does not stop the audio', async ({
    page,
  }) => {
    // Records what the app asks of the Screen Wake Lock API.
    await page.addInitScript(() => {
      const log: string[] = [];
      const locks: { released: boolean }[] = [];
      (window as unknown as { wakeLog: string[] }).wakeLog = log;
      // As browsers do, a hidden page loses its lock.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState !== 'hidden') return;
        for (const l of locks.filter((l) => !l.released)) {
          l.released = true;
          log.push('lost');
        }
      });
      Object.defineProperty(navigator, 'wakeLock', {
        value: {
          request: (type: string) => {
            log.push(`request ${type}`);
            const lock = {
              released: false,
              release: () => {
                lock.released = true;
                log.push('release');
                return Promise.resolve();
              },
            };
            locks.push(lock);
            return Promise.resolve(lock);
          },
        },
      });
    });
    const wakeLog = () => page.evaluate(() => (window as unknown as { wakeLog: string[] }).wakeLog);
    await enter(page);
    expect(await wakeLog()).toEqual([]);
    await pick(page, poi('rsw-02').title);
    await expectPlaying(page);
    await expect.poll(wakeLog).toEqual(['request screen']);
    await button(page, 'Pause').click();
    await expect.poll(wakeLog).toEqual(['request screen', 'release']);
    await button(page, 'Play').click();
    await expect.poll(wakeLog).toEqual(['request screen', 'release', 'request screen']);

    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate((v) => {
        Object.defineProperty(document, 'visibilityState', { value: v, configurable: true });
        Object.defineProperty(document, 'hidden', { value: v === 'hidden', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    await expectPlaying(page);
    await setVisibility('visible');
    await expectPlaying(page);
    // Asked for again when the page shows.
    await expect
      .poll(wakeLog)
      .toEqual(['request screen', 'release', 'request screen', 'lost', 'request screen']);
  });
});
