import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './budgets';
import { SIZES, shotsDir } from './shots';
import type { Session } from './participation';
import { serverDraft } from './studio';

/** Helpers of tests/studio-stops.spec.ts: the studio's stops, media and participation editors. */

export const SHOTS = shotsDir('studio-stops');
export const FIXTURES = new URL('../fixtures/studio/', import.meta.url);

export type Doc = {
  guide: { token: string; title: string };
  pois: {
    token: string;
    lat: number;
    lng: number;
    keypad_code?: number;
    images?: string[];
    image_alts?: string[];
    radii?: { autoplay_radius?: number; attract_radius_leave_buffer?: number };
    content: Record<string, { title: string; audio?: string; transcript?: string }>;
  }[];
  badges: { name: string; levels: { name: string; required: number }[]; visited_item?: string }[];
  hunts: {
    challenges: {
      resourcetype: string;
      title: string;
      poi?: string;
      multi_select?: boolean;
      options: { key: string; value: string }[];
      correct_answers: { value: string; is_correct?: boolean }[];
    }[];
  }[];
};

export async function newGuide(
  request: APIRequestContext,
  s: Session,
  organisation: number,
  city = { name: 'Oak Park', state: 'Illinois' },
) {
  const res = await request.post('/api/v1/studio/guides', {
    headers: { authorization: `Bearer ${s.token}` },
    data: {
      organisation_id: organisation,
      title: `Loop Walk ${Date.now().toString(36)}`,
      city,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/** A row of the stop list (0-based), chosen by its title button. */
export const chooseStop = (page: Page, index: number) =>
  page
    .getByRole('list', { name: 'Stops in tour order' })
    .getByRole('listitem')
    .nth(index)
    .getByRole('button')
    .last()
    .click();

export const stored = async (request: APIRequestContext, s: Session, token: string) =>
  (await serverDraft(request, s, token)).document as unknown as Doc;

/**
 * The stored draft once it passes `check`: autosave sends a moment after an edit, so the
 * server is asked again until it holds the edit (or the wait runs out and the check fails).
 */
export async function storedWhen(
  request: APIRequestContext,
  s: Session,
  token: string,
  check: (doc: Doc) => void,
): Promise<Doc> {
  let doc: Doc | undefined;
  await expect(async () => {
    doc = await stored(request, s, token);
    check(doc);
  }).toPass({ timeout: 15_000 });
  return doc!;
}

/** The stops' map, its box, and a click at an offset from its centre. */
export async function clickMap(page: Page, dx: number, dy: number) {
  const map = page.getByRole('region', { name: /^Map of the stops/ });
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
}

/** Drags the element's centre by (dx, dy) with the mouse, in steps as a hand would. */
export async function drag(page: Page, target: Locator, dx: number, dy: number) {
  // The map in view (the form below may have scrolled it away), and settled after any pan.
  await target.scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

export async function upload(page: Page, button: Locator, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(new URL(file, FIXTURES).pathname);
}

export async function shoot(page: Page, name: string, look: string, focus?: Locator) {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await focus?.scrollIntoViewIfNeeded();
    await page.waitForTimeout(250);
    expect(await axeViolations(page), `${name} ${size} ${look}`).toEqual([]);
    // No broken picture anywhere (the editor's fields and the phone preview beside it).
    const broken = await page.evaluate(() =>
      [...document.images].filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.src),
    );
    expect(broken, `${name} ${size} ${look}`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}-${look}.png` });
  }
  await page.setViewportSize(SIZES[0][1]);
}
