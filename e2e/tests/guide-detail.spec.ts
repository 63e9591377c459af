import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, persistTheme } from '../helpers/budgets';

// The POI detail (SPEC §2; transcripts for WCAG 1.2.1): the overlay over the guide home, the
// full page at /guide/{token}/{poiToken}, its tabs, gallery, transcript and directions links.
const GUIDE = '/guide/riverfront-sculpture-walk';
const TOKEN = 'riverfront-sculpture-walk';
// rsw-01 Tidewater Gate (101): no challenge, 2 pictures; rsw-06 Heron at Rest (106): a
// challenge ('Photograph the heron'), 3 pictures. Coordinates as in the demo guide.json.
const GATE = {
  token: 'rsw-01',
  title: 'Tidewater Gate',
  code: '101',
  lat: 45.5088,
  lng: -122.6752,
};
const HERON = { token: 'rsw-06', title: 'Heron at Rest', code: '106' };

const UA = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
};

/** Remembers a language for the flagship guide, as a returning visitor's device would. */
async function chooseLanguage(page: Page, code: 'en' | 'es') {
  await page.addInitScript((c) => {
    localStorage.setItem(
      'earshot-languages',
      JSON.stringify({ state: { byGuide: { 'riverfront-sculpture-walk': c } }, version: 0 }),
    );
  }, code);
}

const fullPage = (page: Page, token: string) => page.goto(`${GUIDE}/${token}`);
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const closeTab = (page: Page) => page.getByRole('button', { name: 'Close', exact: true });

/** The guide home in English, past its splash, with one stop picked in the carousel. */
async function pickInCarousel(page: Page, title: string) {
  await chooseLanguage(page, 'en');
  await page.goto(GUIDE);
  const enter = page.getByRole('button', { name: 'Tap to Enter' });
  await expect(enter).toHaveAttribute('aria-disabled', 'false');
  await enter.click();
  await page.getByRole('button', { name: 'Hide this message' }).click();
  await page
    .getByRole('region', { name: 'Stops', exact: true })
    .getByRole('button', { name: new RegExp(`^Stop \\d+: ${title}`) })
    .click();
  return page.getByRole('region', { name: `Selected stop: ${title}` });
}

test.describe('the full page of a stop (/guide/{token}/{poiToken})', () => {
  test('shows the stop with its code, Description first, a visit full guide link and no Close', async ({
    page,
  }) => {
    await chooseLanguage(page, 'en');
    // Its insights events go in one request once the sender has loaded (about 5 s after).
    const tracked = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/insights/events/') && r.method() === 'POST',
    );
    await fullPage(page, GATE.token);
    await expect(page.getByRole('heading', { level: 1, name: GATE.title })).toBeVisible();
    await expect(page).toHaveTitle(`${GATE.title} · Earshot`);
    // SPEC §9: the keypad code shows on the POI detail.
    await expect(page.getByText(`Keypad code ${GATE.code}`)).toBeVisible();
    // SPEC §2 poi-detail entry: a direct visit is tracked (docs/insights.md: the stop chosen
    // by its own link, after the visit's guide-open).
    const { events } = (await tracked).postDataJSON() as { events: Record<string, unknown>[] };
    const kinds = events.map((e) => [e.kind, e.poi_token, e.trigger]);
    expect(kinds.slice(0, 2)).toEqual([
      ['guide-open', undefined, undefined],
      ['stop-select', GATE.token, 'link'],
    ]);
    // Its audio may have started by then (it plays on select): then that is all it sent.
    expect(kinds.slice(2)).toEqual(
      kinds.length > 2 ? [['audio-start', GATE.token, 'autoplay']] : [],
    );
    for (const e of events) expect(e).toMatchObject({ guide_token: TOKEN, language: 'en' });
    // Tabs: no Challenge (the POI has none), no Close on a full page.
    await expect(page.getByRole('tab')).toHaveText([
      'Description',
      'Gallery',
      'Transcript',
      'Directions',
    ]);
    await expect(tab(page, 'Description')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('Two rust-red steel slabs');
    await expect(closeTab(page)).toHaveCount(0);
    const back = page.getByRole('link', { name: 'visit full guide' });
    await expect(back).toHaveAttribute('href', GUIDE);
    await back.click();
    await expect(page).toHaveURL(GUIDE);
  });

  test('an unknown stop in a known guide shows the not-found message with a way back', async ({
    page,
  }) => {
    await fullPage(page, 'no-such-stop');
    await expect(page.getByRole('heading', { name: 'We couldn’t find that stop' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Open Willamette Riverfront Sculpture Walk' }),
    ).toHaveAttribute('href', GUIDE);
  });

  test('a stop with a challenge opens on the Challenge tab (SPEC §4, anonymous visitor)', async ({
    page,
  }) => {
    await chooseLanguage(page, 'en');
    await fullPage(page, HERON.token);
    await expect(tab(page, 'Challenge')).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: 'Photograph the heron' })).toBeVisible();
    await expect(panel).toContainText('You must be signed in to participate');
    await expect(panel.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('the transcript is the audio’s text in the visit language, as paragraphs', async ({
    page,
  }) => {
    await chooseLanguage(page, 'es');
    await fullPage(page, HERON.token);
    await expect(page.getByRole('heading', { level: 1, name: 'Garza en Reposo' })).toBeVisible();
    await tab(page, 'Transcript').click();
    const text = page.getByRole('tabpanel').locator('[lang="es"] p');
    await expect(text.first()).toContainText('Al amanecer, garzas de verdad pescan');
    await expect(page.getByRole('tabpanel')).not.toContainText('Real herons');
  });
});

/** The footer player's transcript link: inline on wide screens, under '⋯' on phones. */
async function playerTranscript(page: Page) {
  const player = page.getByRole('region', { name: 'Audio player' });
  const inline = player.getByRole('button', { name: 'Transcript' });
  if (await inline.isVisible()) return inline.click();
  await player.getByRole('button', { name: 'More options' }).click();
  await page
    .getByRole('dialog', { name: 'More options' })
    .getByRole('button', { name: 'Transcript' })
    .click();
}

test.describe('the player links to the transcript', () => {
  test('over the guide home it opens the detail on the Transcript tab', async ({ page }) => {
    await pickInCarousel(page, HERON.title);
    await playerTranscript(page);
    const detail = page.getByRole('dialog', { name: HERON.title });
    await expect(detail).toBeVisible();
    await expect(tab(page, 'Transcript')).toHaveAttribute('aria-selected', 'true');
    await expect(detail.getByRole('tabpanel')).toContainText('Real herons fish along this bank');
  });

  test('on the full page it switches to the Transcript tab, and the guide home stays clear', async ({
    page,
  }) => {
    await chooseLanguage(page, 'en');
    await fullPage(page, HERON.token);
    await expect(tab(page, 'Challenge')).toHaveAttribute('aria-selected', 'true');
    await playerTranscript(page);
    await expect(tab(page, 'Transcript')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('Real herons fish along this bank');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('link', { name: 'visit full guide' }).click();
    await expect(page).toHaveURL(GUIDE);
    await expect(page.getByRole('dialog', { name: HERON.title })).toHaveCount(0);
  });
});

test.describe('the gallery (SPEC §2: swipeable, infinite, fullscreen, thumbnails)', () => {
  const current = (page: Page, scope = page.locator('body')) =>
    scope.locator('.yarl__slide_current img.yarl__slide_image');

  test('next, previous past the first (infinite), keyboard, swipe and thumbnails', async ({
    page,
  }) => {
    await chooseLanguage(page, 'en');
    await fullPage(page, HERON.token);
    await tab(page, 'Gallery').click();
    const gallery = page.getByRole('tabpanel', { name: 'Gallery' });
    await expect(gallery.getByRole('region', { name: `Pictures of ${HERON.title}` })).toBeVisible();
    const slide = current(page, gallery);
    await expect(slide).toHaveAttribute('alt', 'Heron at Rest, picture 1 of 3');
    await gallery.getByRole('button', { name: 'Next picture' }).click();
    await expect(slide).toHaveAttribute('alt', 'Heron at Rest, picture 2 of 3');
    await gallery.getByRole('button', { name: 'Previous picture' }).click();
    await gallery.getByRole('button', { name: 'Previous picture' }).click();
    // Infinite: before the first comes the last.
    await expect(slide).toHaveAttribute('alt', 'Heron at Rest, picture 3 of 3');
    // The keyboard moves it once the gallery has focus.
    await gallery.getByRole('button', { name: 'Next picture' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(slide).toHaveAttribute('alt', 'Heron at Rest, picture 1 of 3');
    // A swipe to the left shows the next picture.
    // Mid-window, clear of the footer player.
    await slide.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    const box = (await slide.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
    await page.mouse.up();
    await expect(slide).toHaveAttribute('alt', 'Heron at Rest, picture 2 of 3');
    // Thumbnails: one per picture, and a tap on one shows it.
    const thumbs = gallery.getByRole('navigation', { name: 'Thumbnails' }).getByRole('button');
    await expect(thumbs).toHaveCount(3);
    await gallery.getByRole('button', { name: 'Picture 3 of 3' }).click();
    await expect(slide).toHaveAttribute('alt', 'Heron at Rest, picture 3 of 3');
    await expect(slide).toHaveAttribute('src', /rsw-06-3\.jpg/);
  });

  test('opens full screen with thumbnails; Escape leaves the pictures, not the detail', async ({
    page,
  }) => {
    const card = await pickInCarousel(page, HERON.title);
    await card.getByRole('button', { name: `More about ${HERON.title}` }).click();
    const detail = page.getByRole('dialog', { name: HERON.title });
    await tab(page, 'Gallery').click();
    await detail.getByRole('button', { name: 'View the pictures full screen' }).click();
    const lightbox = page.getByRole('dialog', { name: `Pictures of ${HERON.title}, full screen` });
    await expect(lightbox).toBeVisible();
    // It covers the window, not only the dialog it sits in.
    const size = page.viewportSize()!;
    expect(await lightbox.boundingBox()).toEqual({ x: 0, y: 0, ...size });
    await expect(
      lightbox.getByRole('navigation', { name: 'Thumbnails' }).getByRole('button'),
    ).toHaveCount(3);
    await expect(current(page, lightbox)).toHaveAttribute('alt', 'Heron at Rest, picture 1 of 3');
    await lightbox.getByRole('button', { name: 'Next picture' }).click();
    await expect(current(page, lightbox)).toHaveAttribute('alt', 'Heron at Rest, picture 2 of 3');
    // The browser's own fullscreen is one more tap away.
    await lightbox.getByRole('button', { name: 'Enter Fullscreen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await page.evaluate(() => document.exitFullscreen());
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    await lightbox.getByRole('button', { name: 'Next picture' }).focus();
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(detail).toBeVisible();
    // The strip shows the picture the visitor was looking at.
    await expect(current(page, detail)).toHaveAttribute('alt', 'Heron at Rest, picture 2 of 3');
  });
});

test.describe('the detail over the guide home (layouts compact and modal)', () => {
  test('a picked stop shows the compact card; More opens the modal; Close and Escape close it', async ({
    page,
  }) => {
    const card = await pickInCarousel(page, HERON.title);
    await expect(card).toBeVisible();
    await expect(card).toContainText(HERON.code);
    await expect(card.getByRole('heading', { name: HERON.title })).toBeVisible();
    await expect(card.getByRole('img')).toHaveCount(0); // the thumbnail is decorative (alt="")
    await expect(card.locator('img')).toHaveAttribute('src', /rsw-06-1\.jpg/);
    await card.getByRole('button', { name: `More about ${HERON.title}` }).click();
    const detail = page.getByRole('dialog', { name: HERON.title });
    await expect(detail).toBeVisible();
    await expect(detail.getByText(`Keypad code ${HERON.code}`)).toBeVisible();
    await expect(detail.getByRole('tab')).toHaveText([
      'Description',
      'Gallery',
      'Challenge',
      'Transcript',
      'Directions',
    ]);
    await expect(tab(page, 'Challenge')).toHaveAttribute('aria-selected', 'true');
    // Close is a button in the tab row.
    await closeTab(page).click();
    await expect(detail).toBeHidden();
    await expect(card).toBeHidden();
    // Selecting the selected stop again opens the detail (SPEC §2 carousel); Escape closes it.
    await page
      .getByRole('region', { name: 'Stops', exact: true })
      .getByRole('button', { name: /^Stop 106: Heron at Rest/ })
      .click();
    await expect(detail).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
  });

  test('the compact card closes with its close button and with Escape', async ({ page }) => {
    // Not the first stop: it is selected on entry, and picking it again opens the modal.
    const card = await pickInCarousel(page, 'Working River');
    await card.getByRole('button', { name: 'Close the stop' }).click();
    await expect(card).toBeHidden();
    await page
      .getByRole('region', { name: 'Stops', exact: true })
      .getByRole('button', { name: /^Stop 102:/ })
      .click();
    const other = page.getByRole('region', { name: /^Selected stop: / });
    await expect(other).toBeVisible();
    await other.getByRole('button', { name: /^More about/ }).focus();
    await page.keyboard.press('Escape');
    await expect(other).toBeHidden();
  });

  test('the open detail leaves the player in view and usable; outside it, a press closes it', async ({
    page,
  }) => {
    const card = await pickInCarousel(page, HERON.title);
    await card.getByRole('button', { name: `More about ${HERON.title}` }).click();
    const detail = page.getByRole('dialog', { name: HERON.title });
    await expect(detail).toBeVisible();
    const player = page.getByRole('region', { name: 'Audio player' });
    // The detail ends where the player begins: nothing of it is covered.
    const [d, p] = [(await detail.boundingBox())!, (await player.boundingBox())!];
    expect(d.y + d.height).toBeLessThanOrEqual(p.y + 1);
    // Pause and play again from the player, by pointer (the button re-renders on its click)
    // and by keyboard: the detail stays open.
    await player.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expect(detail).toBeVisible();
    await player.getByRole('button', { name: 'Play', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect(detail).toBeVisible();
    // On a wide screen the detail is a panel over a dimmed page, still clear of the player,
    // and a press on the page closes it (on a phone it fills all the room above the player).
    await page.setViewportSize({ width: 1280, height: 800 });
    const [w, q] = [(await detail.boundingBox())!, (await player.boundingBox())!];
    expect(w.x).toBeGreaterThan(0);
    expect(w.y + w.height).toBeLessThanOrEqual(q.y + 1);
    await page.mouse.click(w.x / 2, w.y + w.height / 2);
    await expect(detail).toBeHidden();
  });

  test('sharing a stop shares its own link', async ({ page }) => {
    const card = await pickInCarousel(page, HERON.title);
    await card.getByRole('button', { name: `More about ${HERON.title}` }).click();
    await page
      .getByRole('dialog', { name: HERON.title })
      .getByRole('button', { name: 'Share' })
      .click();
    const sharing = page.getByRole('dialog', { name: 'Sharing' });
    await expect(sharing).toBeVisible();
    const origin = new URL(page.url()).origin;
    await expect(sharing.getByText(`${origin}${GUIDE}/${HERON.token}`).first()).toBeVisible();
  });
});

test.describe('directions link per platform (SPEC §2)', () => {
  const dest = `${GATE.lat},${GATE.lng}`;
  const cases = [
    ['Android', UA.android, `google.navigation:q=${dest}&mode=d`],
    ['iPhone', UA.iphone, `https://maps.apple.com/?daddr=${dest}&dirflg=d`],
    [
      'desktop',
      UA.desktop,
      `https://www.google.com/maps/dir/?api=1&destination=${dest}&travelmode=driving&dir_action=navigate`,
    ],
  ] as const;

  async function directionsIn(browser: Browser, userAgent: string, baseURL: string) {
    const context = await browser.newContext({ userAgent, baseURL });
    const page = await context.newPage();
    await chooseLanguage(page, 'en');
    await fullPage(page, GATE.token);
    await tab(page, 'Directions').click();
    return { context, link: page.getByRole('link', { name: /Get directions/ }) };
  }

  for (const [name, ua, href] of cases)
    test(`${name}: ${href.slice(0, 30)}…`, async ({ browser, baseURL }) => {
      const { context, link } = await directionsIn(browser, ua, baseURL!);
      await expect(link).toHaveAttribute('href', href);
      await context.close();
    });

  test('shows the distance when the visitor’s position is known', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      userAgent: UA.desktop,
      permissions: ['geolocation'],
      // About 1.1 km north of Tidewater Gate.
      geolocation: { latitude: GATE.lat + 0.01, longitude: GATE.lng },
    });
    const page = await context.newPage();
    await chooseLanguage(page, 'en');
    await fullPage(page, GATE.token);
    await tab(page, 'Directions').click();
    await expect(page.getByRole('link', { name: /Get directions/ })).toContainText('1.1 km away');
    await context.close();
  });
});

test.describe('stops without a pin or without directions (hide_map, hide_directions)', () => {
  test('Mist Garden has no marker but is a stop; Copper Bowl has no Directions tab', async ({
    page,
  }) => {
    // The demo's Fountain Stroll: stop 2 (Copper Bowl) hides its directions, stop 3 (Mist
    // Garden) its pin.
    await page.goto('/guide/portland-fountain-stroll');
    const enter = page.getByRole('button', { name: 'Tap to Enter' });
    await expect(enter).toHaveAttribute('aria-disabled', 'false');
    await enter.click();
    // A guide with neither badges nor a hunt: no banner to take part to hide.
    const pins = page.locator('.leaflet-marker-pane [role="button"]');
    await expect(pins).toHaveCount(2);
    await expect(pins).toHaveText(['1', '2']);
    const stops = page.getByRole('region', { name: 'Stops', exact: true });
    for (const [code, title, directions] of [
      ['3', 'Mist Garden', 1],
      ['2', 'Copper Bowl', 0],
    ] as const) {
      await stops.getByRole('button', { name: new RegExp(`^Stop ${code}: ${title}`) }).click();
      await page
        .getByRole('region', { name: `Selected stop: ${title}` })
        .getByRole('button', { name: `More about ${title}` })
        .click();
      const detail = page.getByRole('dialog', { name: title });
      await expect(detail.getByRole('tab', { name: 'Description' })).toBeVisible();
      await expect(detail.getByRole('tab', { name: 'Directions' })).toHaveCount(directions);
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();
    }
  });
});

test.describe('axe-core finds no violation on the detail', () => {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    test(`compact card, ${theme}`, async ({ page }) => {
      await persistTheme(page, dark);
      const card = await pickInCarousel(page, HERON.title);
      await expect(card).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    test(`modal, every tab, ${theme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await persistTheme(page, dark);
      const card = await pickInCarousel(page, HERON.title);
      await card.getByRole('button', { name: `More about ${HERON.title}` }).click();
      await expect(page.getByRole('dialog', { name: HERON.title })).toBeVisible();
      for (const name of ['Challenge', 'Description', 'Transcript', 'Directions', 'Gallery']) {
        await tab(page, name).click();
        await expect(page.getByRole('tabpanel')).toBeVisible();
        if (name === 'Gallery')
          await expect(page.getByRole('region', { name: /^Pictures of/ })).toBeVisible();
        expect(await axeViolations(page), name).toEqual([]);
      }
    });

    test(`full page, ${theme}`, async ({ page }) => {
      await persistTheme(page, dark);
      await chooseLanguage(page, 'en');
      await fullPage(page, HERON.token);
      await expect(page.getByRole('heading', { level: 1, name: HERON.title })).toBeVisible();
      if (dark) await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
