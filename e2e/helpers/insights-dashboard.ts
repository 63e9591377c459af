import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Session } from './participation';
import { shootSizes, shotsDir } from './shots';
import { FIXTURES } from './studio-stops';

// Helpers of tests/insights-dashboard.spec.ts: a guide only that spec visits, made and
// published through the studio's real calls, and the dashboard's screenshots.

export const SHOTS = shotsDir('insights-web');

/** Where the guide is: a city no other spec counts, in the middle of every home list sorting. */
export const CITY = { name: 'Lincoln City', state: 'Oregon' };
// A little inland of the town, where the map's coarse land outline shows land.
const START = { lat: 44.9582, lng: -123.975 };
/** Its three stops, 400 m apart going north (their radii do not touch). */
export const STOPS = ['Harbour Gate', 'Net Loft', 'Lighthouse Steps'].map((title, i) => ({
  title,
  lat: START.lat + (i * 400) / 111_320,
  lng: START.lng,
}));

const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` });

/** A new guide of the organisation, its draft as the server made it. */
export async function newDraft(
  request: APIRequestContext,
  s: Session,
  organisation: number,
  title: string,
  city = CITY,
): Promise<string> {
  const res = await request.post('/api/v1/studio/guides', {
    headers: bearer(s),
    data: { organisation_id: organisation, title, city },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/**
 * A guide with the three STOPS, each with the fixture narration, published through the
 * studio's calls (upload, save, publish); its token and its stops' tokens in order. In CITY
 * unless a spec asks for a city of its own.
 */
export async function publishedGuide(
  request: APIRequestContext,
  s: Session,
  organisation: number,
  { city = CITY, name = 'Harbour Insights Walk' } = {},
): Promise<{ token: string; title: string; stops: string[] }> {
  const title = `${name} ${Date.now().toString(36)}`;
  const token = await newDraft(request, s, organisation, title, city);
  const media = await request.post(`/api/v1/studio/guides/${token}/media?name=narration.mp3`, {
    headers: { ...bearer(s), 'content-type': 'audio/mpeg' },
    data: readFileSync(new URL('narration.mp3', FIXTURES)),
  });
  expect(media.status(), await media.text()).toBe(201);
  const audio = ((await media.json()) as { path: string }).path;

  const draft = await request.get(`/api/v1/studio/guides/${token}/draft`, { headers: bearer(s) });
  const { revision, document } = (await draft.json()) as {
    revision: number;
    document: Record<string, unknown>;
  };
  const stops = STOPS.map((_, i) => `${token}-stop-${i + 1}`);
  const pois = STOPS.map((stop, i) => ({
    token: stops[i],
    lat: stop.lat,
    lng: stop.lng,
    keypad_code: i + 1,
    content: { en: { title: stop.title, audio } },
  }));
  const saved = await request.put(`/api/v1/studio/guides/${token}/draft`, {
    headers: bearer(s),
    data: { revision, document: { ...document, pois } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const next = ((await saved.json()) as { revision: number }).revision;
  const published = await request.post(`/api/v1/studio/guides/${token}/publish`, {
    headers: bearer(s),
    data: { revision: next },
  });
  expect(published.status(), await published.text()).toBe(200);
  return { token, title, stops };
}

/** The dashboard's answer for the last 30 days, as the publisher's own call gets it. */
export async function report(request: APIRequestContext, s: Session, token: string, today: string) {
  const from = new Date(`${today}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 29);
  const res = await request.get(
    `/api/v1/studio/guides/${token}/insights?from=${from.toISOString().slice(0, 10)}&to=${today}`,
    { headers: bearer(s) },
  );
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    current: {
      totals: Record<string, number>;
      entries: Record<string, number>;
      stops: {
        token: string;
        visits: number;
        listeners: number;
        starts: number;
        reached: number;
        entries: Record<string, number>;
      }[];
    };
  };
}

/** The dashboard's screenshots: the whole page at both sizes, axe finding nothing at each. */
export const shootBoth = (page: Page, name: string, look: string) =>
  shootSizes(page, SHOTS, name, look, { fullPage: true, settleMs: 300 });

/** The path of a stop's sign short link (`/s/{code}`), made as the studio's sign sheet makes it. */
export async function signLink(
  request: APIRequestContext,
  s: Session,
  token: string,
  stop: string,
) {
  const sheet = await request.post(`/api/v1/studio/guides/${token}/signs`, {
    headers: bearer(s),
    data: { stops: [stop] },
  });
  expect(sheet.status(), await sheet.text()).toBe(200);
  const res = await request.get(`/api/v1/studio/guides/${token}/signs`, { headers: bearer(s) });
  const { links } = (await res.json()) as { links: { stop: string; url: string }[] };
  return new URL(links.find((l) => l.stop === stop)!.url).pathname;
}

/** A chart's card on the dashboard, by its title. */
export const section = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: title, exact: true });

/**
 * The rows of a chart's table, shown by its "Table view" toggle (pressed from the keyboard:
 * in Chromium's phone emulation a pointer click on a later card's toggle, once earlier tables
 * are open, lands on an earlier card — not seen at desktop size), as text.
 */
export async function tableOf(page: Page, title: string): Promise<string[][]> {
  const card = section(page, title);
  const toggle = card.getByRole('button', { name: 'Table view' });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') {
    await toggle.focus();
    await page.keyboard.press('Enter');
  }
  const table = card.getByRole('table', { name: title });
  await expect(table).toBeVisible();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.children].map((c) => (c.textContent ?? '').trim())),
    );
}
