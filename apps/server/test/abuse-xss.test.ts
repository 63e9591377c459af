import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuideBundleInput } from '@earshot/core';
import { importBundle } from '../src/bundles/bundle-import.js';
import { BundleError } from '../src/bundles/bundle-error.js';
import { makeEnv, readFixture, writeBundle, type TestEnv } from './helpers.js';
import { signUp } from './auth-helpers.js';
import { answer, call } from './participation-helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';
import {
  allStrings,
  fillWithPayloads,
  PLAIN_PAYLOADS,
  XSS_PAYLOADS,
} from './support/xss-bundle.js';

// The abuse suite (docs/scale-out.md §5): the XSS corpus in every publisher-written field
// (through the real importer and the studio's draft calls) and every visitor-written field
// (display names, answers) is stored as written and served only as JSON data, never as a page;
// a theme carrying it is refused. Plain-text fields carry the payloads without markup (the
// others are refused: docs/security.md, plain-text-fields.test.ts). The browser side (no screen
// runs it) is e2e/tests/abuse-xss.spec.ts.

let env: TestEnv;
let w: StudioWorld;
let bundle: GuideBundleInput;
beforeAll(async () => {
  env = await makeEnv();
  w = await makeStudioWorld(env);
  bundle = fillWithPayloads(await readFixture());
  delete bundle.guide.theme;
  const dir = await writeBundle(env.dir, 'xss', (b) => Object.assign(b, bundle));
  await importBundle(env.handle, env.media, dir);
});
afterAll(() => env.close());

/** The imported guide's hunt and challenge ids by kind (their titles are payloads). */
async function huntIds() {
  const challenges = (
    await env.app.inject({ url: '/api/v1/challenges?scavenger_hunt__guide__token=mini-walk' })
  ).json<{ id: number; resourcetype: string; scavenger_hunt: number }[]>();
  const of = (type: string) => challenges.find((c) => c.resourcetype === type)!.id;
  return {
    hunt: challenges[0]!.scavenger_hunt,
    choice: of('MultipleChoiceChallenge'),
    text: of('TextChallenge'),
  };
}

/** The bundle's texts that carry a payload (its tokens, keys and paths carry none). */
const hostileTexts = (b: unknown) =>
  [...allStrings(b)].filter((s) => XSS_PAYLOADS.some((p) => s.includes(p)));

/** An API answer: JSON, marked not to be sniffed as anything else, never a page. */
async function served(url: string, headers: Record<string, string> = {}) {
  const res = await env.app.inject({ url, headers });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options'], url).toBe('nosniff');
  expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
  return res.json() as unknown;
}

describe('publisher-written fields (the real importer)', () => {
  it('the API serves every payload as JSON, exactly as written', async () => {
    const ids = await huntIds();
    const poi = bundle.pois![0]!.token;
    const answers = await Promise.all([
      served('/api/v1/tours'),
      served('/api/v1/tour-by-token/mini-walk'),
      served('/api/v1/tour-by-token/mini-walk?lang=es'),
      served(`/api/v1/pois_by_token/${poi}`),
      served('/api/v1/pois?guide__token=mini-walk'),
      served('/api/v1/cities'),
      served('/api/v1/layers?guide__token=mini-walk'),
      served('/api/v1/badges?guide__token=mini-walk'),
      served('/api/v1/badge_levels'),
      served('/api/v1/scavenger_hunts?guide__token=mini-walk'),
      served(`/api/v1/challenges?scavenger_hunt=${ids.hunt}`),
      served(`/api/v1/multiple_choice_options?challenge=${ids.choice}`),
    ]);
    const out = new Set<string>();
    for (const a of answers) allStrings(a, out);
    const missing = hostileTexts(bundle).filter((t) => !out.has(t));
    // Every hostile text of the bundle came back, unchanged (the web app sanitises and
    // renders; the API neither mangles nor drops).
    expect(missing).toEqual([]);
    // The descriptions' whole corpus and each plain-text payload, most in several fields.
    expect(hostileTexts(bundle).length).toBeGreaterThan(PLAIN_PAYLOADS.length);
  });

  it('a correct answer carrying a payload is served as written to one who answered', async () => {
    const ids = await huntIds();
    const user = await signUp(env.app);
    const text = bundle.hunts![0]!.challenges.find((c) => c.resourcetype === 'TextChallenge')!;
    await answer(env, user, {
      challenge: ids.text,
      value: 'wrong',
      resourcetype: 'UserTextChallengeAnswer',
    });
    const res = await call(env, user, { url: `/api/v1/correct_answers?challenge=${ids.text}` });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json<{ value: string }[]>().map((c) => c.value)).toEqual([
      text.correct_answers![0]!.value,
    ]);
  });

  it('refuses a theme carrying the corpus, naming each entry, and imports nothing', async () => {
    const dir = await writeBundle(env.dir, 'xss-theme', (b) => {
      b.guide.token = 'xss-theme-walk';
      b.pois!.forEach((p) => (p.token = `xss-theme-${p.token}`));
      b.badges = [];
      b.hunts = [];
      b.guide.theme = {
        name: 'hostile',
        colors: { primary: XSS_PAYLOADS[0]!, bg: 'red;} body{background:url(javascript:x)' },
        classes: { '.es-card</style><script>x()</script>': { color: 'red' } },
      };
    });
    let errors: string[] = [];
    try {
      await importBundle(env.handle, env.media, dir);
    } catch (e) {
      if (!(e instanceof BundleError)) throw e;
      errors = e.errors;
    }
    expect(errors.length).toBeGreaterThanOrEqual(3);
    for (const at of ['colors.primary', 'colors.bg', 'classes'])
      expect(
        errors.some((e) => e.startsWith(`$.guide.theme.${at}`)),
        at,
      ).toBe(true);
    expect((await env.app.inject({ url: '/api/v1/tour-by-token/xss-theme-walk' })).statusCode).toBe(
      404,
    );
  });
});

describe("publisher-written fields (the studio's draft calls)", () => {
  it('a draft carrying the corpus is stored and answered byte for byte, and publishes', async () => {
    const token = w.orgA.guide;
    const headers = w.publisherA.headers;
    const draft = (
      await call(env, w.publisherA, { url: `/api/v1/studio/guides/${token}/draft` })
    ).json<{ revision: number; document: GuideBundleInput }>();
    const document = fillWithPayloads(structuredClone(draft.document));
    const put = await call(env, w.publisherA, {
      method: 'PUT',
      url: `/api/v1/studio/guides/${token}/draft`,
      payload: { revision: draft.revision, document },
    });
    expect(put.statusCode, put.body).toBe(200);
    const back = await served(`/api/v1/studio/guides/${token}/draft`, headers);
    expect((back as { document: unknown }).document).toEqual(document);
    const published = await call(env, w.publisherA, {
      method: 'POST',
      url: `/api/v1/studio/guides/${token}/publish`,
      payload: { revision: put.json<{ revision: number }>().revision },
    });
    expect(published.statusCode, published.body).toBe(200);
    const guide = await served(`/api/v1/tour-by-token/${token}`);
    expect(allStrings(guide)).toContain(document.guide.title);
    expect(allStrings(guide)).toContain(document.pois![0]!.content.en!.title);
  });
});

describe('visitor-written fields', () => {
  it('display names are stored and served as written', async () => {
    for (const name of XSS_PAYLOADS.slice(0, 8)) {
      const user = await signUp(env.app, { name });
      expect(user.user.name).toBe(name);
      const session = await served('/api/auth/get-session', user.headers);
      expect((session as { user: { name: string } }).user.name).toBe(name);
    }
  });

  it('text answers are stored and served as written, as JSON', async () => {
    const ids = await huntIds();
    const user = await signUp(env.app);
    const value = XSS_PAYLOADS.slice(0, 6).join(' ').slice(0, 300);
    const res = await answer(env, user, {
      challenge: ids.text,
      value,
      resourcetype: 'UserTextChallengeAnswer',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const list = await served(`/api/v1/user_answers?challenge=${ids.text}`, user.headers);
    expect((list as { value: string }[]).map((a) => a.value)).toEqual([value]);
  });
});
