import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// Shared by the footer player specs (guide-player*.spec.ts): the flagship demo guide, the
// player's controls, and the state of the one <audio> element.

export const TOKEN = 'riverfront-sculpture-walk';
export const GUIDE = `/guide/${TOKEN}`;
export const GUIDE_TITLE = 'Willamette Riverfront Sculpture Walk';

export type Guide = {
  title: string;
  pois: {
    token: string;
    title: string;
    subtitle: string;
    transcript: string | null;
    image_urls: string[];
    translations: Record<string, { title: string; audio_url: string }>;
  }[];
};

export const player = (page: Page) => page.getByRole('region', { name: 'Audio player' });
export const button = (page: Page, name: string) =>
  player(page).getByRole('button', { name, exact: true });
export const scrubber = (page: Page) =>
  player(page).getByRole('slider', { name: 'Playback position' });
export const elapsedLabel = (page: Page) => player(page).getByTestId('elapsed');
export const durationLabel = (page: Page) => player(page).getByTestId('duration');

export const audio = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelectorAll('audio');
    if (a.length !== 1) throw new Error(`${a.length} audio elements`);
    const el = a[0]!;
    return {
      paused: el.paused,
      time: el.currentTime,
      duration: el.duration,
      src: el.src,
      rate: el.playbackRate,
    };
  });

/** English chosen before, as a returning visitor (no language dialog). */
export const chooseEnglish = (page: Page) =>
  page.addInitScript(
    (token) =>
      localStorage.setItem(
        'earshot-languages',
        JSON.stringify({ state: { byGuide: { [token]: 'en' } }, version: 0 }),
      ),
    TOKEN,
  );

/** Opens the flagship guide in English past its splash, as a visitor would. */
export async function enter(page: Page) {
  await chooseEnglish(page);
  await page.goto(GUIDE);
  const tap = page.getByRole('button', { name: 'Tap to Enter' });
  await expect(tap).toHaveAttribute('aria-disabled', 'false');
  await tap.click();
  await expect(player(page)).toBeVisible();
}

/** Taps a stop in the carousel (the UI a visitor uses to pick one). */
export async function pick(page: Page, title: string) {
  await page
    .getByRole('region', { name: 'Stops' })
    .getByRole('button', { name: new RegExp(title) })
    .click();
  await expect(player(page)).toContainText(title);
}

export async function expectPlaying(page: Page) {
  await expect(button(page, 'Pause')).toBeVisible();
  const t0 = (await audio(page)).time;
  await expect.poll(async () => (await audio(page)).time).toBeGreaterThan(t0 + 0.3);
  expect((await audio(page)).paused).toBe(false);
}

/** The language select: inline on wide screens, in the '⋯' menu on phones. */
export async function languageSelect(page: Page) {
  const inline = player(page).getByRole('combobox', { name: 'Language' });
  if (await inline.isVisible()) return inline;
  await player(page).getByRole('button', { name: 'More options' }).click();
  return page.getByRole('dialog').getByRole('combobox', { name: 'Language' });
}

/** The guide as the API serves it (the test reads its texts, never hard-codes them). */
async function loadGuide(request: APIRequestContext) {
  return (await (await request.get(`/api/v1/tour-by-token/${TOKEN}`)).json()) as Guide;
}
const poiOf = (guide: Guide, token: string) => guide.pois.find((p) => p.token === token)!;

/** Loads the flagship guide once for the spec that calls it; gives its POIs by token. */
export function flagshipPois(): (token: string) => Guide['pois'][number] {
  let guide: Guide | undefined;
  test.beforeAll(async ({ request }) => {
    guide = await loadGuide(request);
  });
  return (token) => poiOf(guide!, token);
}
