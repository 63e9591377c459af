import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { GuideBundleInput } from '../../packages/core/src/index.js';
import {
  fillWithPayloads,
  payloadCycle,
  XSS_PAYLOADS,
} from '../../apps/server/test/support/xss-bundle.js';
import { uniqueEmail } from './accounts';
import type { Session } from './participation';
import { account, newPublisher } from './studio';
import { FIXTURES } from './studio-stops';

// Helpers of tests/abuse-xss.spec.ts (issue 21 point 6): a guide whose every publisher-written
// text carries the XSS corpus, made and published through the studio's real calls, a visitor
// whose name and answers carry it too, and the watch that tells whether any of it ran.

export { XSS_PAYLOADS };
export const TAG = 'XSS ';
export const SHOTS = `${process.env.E2E_SHOTS_DIR ?? 'test-results/shots'}/abuse`;

const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` });

export type HostileWorld = {
  publisher: Session;
  visitor: Session;
  token: string;
  document: GuideBundleInput;
  stops: string[];
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
 * The hostile guide: two stops (pictures, narration, transcripts), a layer, a badge with two
 * levels, a hunt with a text and a multiple-choice challenge, every text a payload. Its city is
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

  const stops = [`${token}-one`, `${token}-two`];
  const document: GuideBundleInput = {
    ...draft.document,
    layers: [{ key: 'art', name: 'Art' }],
    pois: stops.map((t, i) => ({
      token: t,
      lat: 44.94 + i * 0.004,
      lng: -123.03,
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
  document.guide.city = { name: `Salem ${payloadCycle()(100)}`, state: 'Oregon' };
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
    document,
    stops,
    hunt: hunts[0]!.id,
    challenges,
    previewUrl: new URL(((await preview.json()) as { url: string }).url).pathname,
  };
}

/**
 * Watches a page for any sign that a payload ran or went live: the canary `window.__xss`, a
 * dialog, a Content-Security-Policy violation on a live element (markup that reached the page
 * and was stopped only by the policy), a refused `javascript:` navigation or refresh, and live
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
          'script:not([src]), iframe[srcdoc], object, embed, [onerror], [onload], [onfocus], [ontoggle], [onbegin], a[href*="javascript:" i], button[formaction], base[href], meta[http-equiv="refresh" i]',
        )
        .evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 120)));
      const hostile = live.filter((h) => /__xss|javascript:/i.test(h));
      expect(hostile, `live hostile markup on ${where}`).toEqual([]);
    },
  };
}
