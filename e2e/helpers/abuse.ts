import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { GuideBundleInput } from '../../packages/core/src/index.js';
import {
  fillWithPayloads,
  payloadCycle,
  PLAIN_PAYLOADS,
  XSS_PAYLOADS,
} from '../../apps/server/test/support/xss-bundle.js';
import { uniqueEmail } from './accounts';
import {
  guideTitle,
  OFFSITE,
  STOP_TITLES,
  storeMarkupDraft,
  storeMarkupRows,
  TAG,
} from './abuse-rows';
import type { Session } from './participation';
import { account, newPublisher } from './studio';
import { FIXTURES } from './studio-stops';

// Helpers of tests/abuse-xss.spec.ts (docs/scale-out.md §5, docs/security.md): a guide whose every
// publisher-written text carries the XSS corpus, made and published through the studio's real
// calls (plain-text fields with the payloads the importer takes), then given markup in its
// plain-text rows and draft as a database from before the plain-text rule may hold it
// (helpers/abuse-rows.ts); a visitor whose name and answers carry the corpus too; and the
// watch that tells whether any of it ran.

export { OFFSITE, STOP_TITLES, TAG, XSS_PAYLOADS };
export const SHOTS = `${process.env.E2E_SHOTS_DIR ?? 'test-results/shots'}/abuse`;

const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` });

export type HostileWorld = {
  publisher: Session;
  visitor: Session;
  token: string;
  /** The guide's title as stored (guideTitle: markup, see abuse-rows.ts). */
  title: string;
  /** Where its stops are (each run's guide apart from earlier runs', so none cluster). */
  at: { lat: number; lng: number };
  document: GuideBundleInput;
  stops: string[];
  /** The document of the guide's draft (markup in its plain-text fields, see abuse-rows.ts). */
  draft: GuideBundleInput;
  hunt: number;
  challenges: { id: number; resourcetype: string }[];
  previewUrl: string;
};

async function upload(request: APIRequestContext, s: Session, token: string, file: string) {
  const type = file.endsWith('.mp3') ? 'audio/mpeg' : 'image/jpeg';
  const res = await request.post(`/api/v1/studio/guides/${token}/media?name=${file}`, {
    headers: { ...bearer(s), 'content-type': type },
    data: readFileSync(new URL(file, FIXTURES)),
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { path: string }).path;
}

/**
 * The hostile guide: four stops (pictures, narration, transcripts), a layer, a badge with two
 * levels, a hunt with a text and a multiple-choice challenge, every text a payload (its stops
 * titled STOP_TITLES, the guide GUIDE_TITLE, once its rows are rewritten). Its city is
 * a real state's (Oregon) so it sorts in the middle of every home list order, as other specs
 * count the first and last groups.
 */
export async function hostileWorld(request: APIRequestContext): Promise<HostileWorld> {
  const { publisher, organisation } = await newPublisher(request, 'Pat Publisher');
  const created = await request.post('/api/v1/studio/guides', {
    headers: bearer(publisher),
    data: {
      organisation_id: organisation,
      title: `Hostile Walk ${Date.now().toString(36)}`,
      city: { name: 'Salem', state: 'Oregon' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const token = ((await created.json()) as { token: string }).token;
  const audio = await upload(request, publisher, token, 'narration.mp3');
  const picture = await upload(request, publisher, token, 'facade.jpg');
  const draft = (await (
    await request.get(`/api/v1/studio/guides/${token}/draft`, { headers: bearer(publisher) })
  ).json()) as { revision: number; document: GuideBundleInput };

  const stops = ['one', 'two', 'three', 'four'].map((n) => `${token}-${n}`);
  const at = { lat: 44.94 + (Math.floor(Date.now() / 1000) % 40) * 0.003, lng: -123.03 };
  const document: GuideBundleInput = {
    ...draft.document,
    layers: [{ key: 'art', name: 'Art' }],
    pois: stops.map((t, i) => ({
      token: t,
      lat: at.lat + (i % 2) * 0.002,
      lng: at.lng + Math.floor(i / 2) * 0.003,
      layer: 'art',
      keypad_code: i + 1,
      images: [picture],
      content: { en: { title: `Stop ${i}`, audio } },
    })),
    badges: [
      {
        token: `${token}-badge`,
        name: 'Badge',
        levels: [
          { token: `${token}-l1`, name: 'One', required: 1 },
          { token: `${token}-l2`, name: 'Two', required: 2 },
        ],
      },
    ],
    hunts: [
      {
        key: 'hunt',
        name: 'Hunt',
        challenges: [
          { key: 'text', resourcetype: 'TextChallenge', title: 'Text', poi: stops[0] },
          {
            key: 'choice',
            resourcetype: 'MultipleChoiceChallenge',
            title: 'Choice',
            poi: stops[1],
            multi_choice: true,
            options: [
              { key: 'a', value: 'A' },
              { key: 'b', value: 'B' },
            ],
          },
        ],
      },
    ],
  };
  fillWithPayloads(document, TAG);
  document.guide.languages = [];
  // The home list sorts by state, then city: the middle of the list, as promised above.
  document.guide.city = { name: `Salem ${payloadCycle(PLAIN_PAYLOADS)(100)}`, state: 'Oregon' };
  const saved = await request.put(`/api/v1/studio/guides/${token}/draft`, {
    headers: bearer(publisher),
    data: { revision: draft.revision, document },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await request.post(`/api/v1/studio/guides/${token}/publish`, {
    headers: bearer(publisher),
    data: { revision: ((await saved.json()) as { revision: number }).revision },
  });
  expect(published.status(), await published.text()).toBe(200);
  const preview = await request.post(`/api/v1/studio/guides/${token}/preview`, {
    headers: bearer(publisher),
    data: {},
  });
  expect(preview.status(), await preview.text()).toBe(201);

  // The rows and the draft as a database from before the plain-text rule may hold them; the
  // API serves them once its caches have read the new content version.
  const title = guideTitle(token);
  await storeMarkupRows(token, title);
  const stored = await storeMarkupDraft(token, title);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/v1/tour-by-token/${token}`)).json()) as { title: string })
          .title,
    )
    .toBe(title);

  const hunts = (await (
    await request.get(`/api/v1/scavenger_hunts?guide__token=${token}`)
  ).json()) as { id: number }[];
  const challenges = (await (
    await request.get(`/api/v1/challenges?scavenger_hunt=${hunts[0]!.id}`)
  ).json()) as { id: number; resourcetype: string }[];

  // A visitor whose display name and text answer carry the corpus too.
  const visitor = await account(
    request,
    uniqueEmail('abuse'),
    `${TAG}${XSS_PAYLOADS[1]}`.slice(0, 100),
  );
  const text = challenges.find((c) => c.resourcetype === 'TextChallenge')!;
  const answered = await request.post('/api/v1/user_answers/', {
    headers: bearer(visitor),
    data: {
      challenge: text.id,
      value: XSS_PAYLOADS.slice(0, 6).join(' ').slice(0, 300),
      resourcetype: 'UserTextChallengeAnswer',
    },
  });
  expect(answered.status(), await answered.text()).toBe(201);
  return {
    publisher,
    visitor,
    token,
    title,
    at: { lat: at.lat + 0.001, lng: at.lng + 0.0015 },
    document,
    stops,
    draft: stored,
    hunt: hunts[0]!.id,
    challenges,
    previewUrl: new URL(((await preview.json()) as { url: string }).url).pathname,
  };
}

/**
 * Watches a page for any sign that a payload ran or went live: the canary `window.__xss`, a
 * dialog, a Content-Security-Policy violation on a live element (markup that reached the page
 * and was stopped only by the policy), a refused `javascript:` navigation or refresh, any
 * request or navigation to OFFSITE (a title's meta refresh or link that went live), and live
 * hostile markup left in the page. (A request for the corpus's `src=x` is no sign: DOMPurify
 * keeps a harmless <img src="x"> once its handler is gone.)
 *
 * Chromium also reports a violation, aimed at the document, whenever it merely parses a
 * handler attribute in an inert document (DOMParser, <template>, DOMPurify's own parse), where
 * nothing can run or load: those are counted apart (`inertParses`), not as a failure.
 */
export async function watchForScript(page: Page) {
  const seen: string[] = [];
  const inert: string[] = [];
  page.on('dialog', (d) => {
    seen.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /to a 'javascript:' URL|to a javascript: URL/i.test(m.text()))
      seen.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => {
    if (/__xss/.test(e.message)) seen.push(`pageerror: ${e.message}`);
  });
  page.on('request', (r) => {
    if (r.url().startsWith(OFFSITE)) seen.push(`request: ${r.url()}`);
  });
  page.on('framenavigated', (f) => {
    if (f.url().startsWith(OFFSITE) || f.url().startsWith('chrome-error:'))
      seen.push(`navigated: ${f.url()}`);
  });
  await page.exposeFunction('__abuseViolation', (v: string, live: boolean) =>
    (live ? seen : inert).push(`csp: ${v}`),
  );
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const target = e.target as Node | null;
      const live = !!target && target.nodeType === Node.ELEMENT_NODE && target.isConnected;
      (
        window as unknown as { __abuseViolation: (v: string, live: boolean) => void }
      ).__abuseViolation(
        `${e.violatedDirective} ${e.blockedURI} ${live ? (target as Element).outerHTML.slice(0, 80) : ''}`,
        live,
      );
    });
  });
  return {
    seen,
    /** How many inert parses Chromium reported (informational). */
    inertParses: () => inert.length,
    /** Nothing ran on the page so far: no canary, no dialog, no live violation or load. */
    async expectInert(where: string) {
      const canary = await page.evaluate(() => (window as { __xss?: unknown }).__xss);
      expect(canary, `window.__xss on ${where}`).toBeUndefined();
      expect(seen, where).toEqual([]);
      // No live element a payload would have made.
      const live = await page
        .locator(
          'script:not([src]), iframe[srcdoc], object, embed, [onerror], [onload], [onfocus], [onmouseover], [ontoggle], [onbegin], a[href*="javascript:" i], a[href^="https://evil.example"], button[formaction], base[href], meta[http-equiv="refresh" i], style',
        )
        .evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 120)));
      const hostile = live.filter((h) => /__xss|javascript:|evil\.example/i.test(h));
      expect(hostile, `live hostile markup on ${where}`).toEqual([]);
    },
  };
}
