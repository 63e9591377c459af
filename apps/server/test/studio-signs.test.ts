import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_GONE, SIGN_UNKNOWN, type SignLinks, type StudioDraft } from '@earshot/core';
import type { SignedUp } from './auth-helpers.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { editDraft, makeStudioWorld, type StudioWorld } from './studio-helpers.js';

// Signs (docs/studio.md "Signs") through the real studio calls, importer and database
// (SQLite, or the PostgreSQL of DATABASE_URL): the PDF, the short links made once per stop
// and what a link opens for a visitor as the stop is renamed, moved, re-published or removed.

let env: TestEnv;
let w: StudioWorld;
beforeAll(async () => {
  env = await makeEnv();
  w = await makeStudioWorld(env);
});
afterAll(() => env.close());

type Method = 'GET' | 'POST';
const call = (who: SignedUp | null, method: Method, url: string, payload?: object) =>
  env.app.inject({ method, url: `/api/v1/${url}`, headers: who?.headers, payload });
const sheet = (who: SignedUp | null, token: string, body: object = {}) =>
  call(who, 'POST', `studio/guides/${token}/signs`, body);
const links = async (token: string, who: SignedUp = w.publisherA) => {
  const res = await call(who, 'GET', `studio/guides/${token}/signs`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SignLinks>().links;
};
const publishNow = async (token: string) => {
  const draft = (
    await call(w.publisherA, 'GET', `studio/guides/${token}/draft`)
  ).json<StudioDraft>();
  const res = await call(w.publisherA, 'POST', `studio/guides/${token}/publish`, {
    revision: draft.revision,
  });
  expect(res.statusCode, res.body).toBe(200);
};
const run = promisify(execFile);

describe('POST studio/guides/{token}/signs', () => {
  const guide = () => w.orgA.guide;

  it('makes a PDF of every stop, one sign a page, whose text names the stop and its link', async () => {
    const res = await sheet(w.publisherA, guide());
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${guide()}-signs.pdf"`);
    expect(res.headers['cache-control']).toMatch(/^private\b/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const made = await links(guide());
    const draft = (
      await call(w.publisherA, 'GET', `studio/guides/${guide()}/draft`)
    ).json<StudioDraft>();
    const stops = (draft.document.pois as { token: string }[]).map((p) => p.token);
    expect(made.map((l) => l.stop)).toEqual(stops);
    for (const l of made) {
      expect(l.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
      expect(l.url).toBe(`http://localhost:3000/s/${l.code}`);
    }
    // The text as a reader extracts it (poppler): the guide, the title, the link, the call.
    const dir = await mkdtemp(path.join(tmpdir(), 'signs-'));
    await writeFile(path.join(dir, 'a.pdf'), pdf);
    const info = await run('pdfinfo', [path.join(dir, 'a.pdf')]);
    expect(info.stdout).toMatch(new RegExp(`Pages:\\s+${stops.length}\\b`));
    expect(info.stdout).toMatch(/Page size:\s+595(\.\d+)? x 841(\.\d+)? pts/);
    await run('pdftotext', ['-layout', path.join(dir, 'a.pdf'), path.join(dir, 'a.txt')]);
    const text = await readFile(path.join(dir, 'a.txt'), 'utf8');
    expect(text).toContain('Guide studio-a-walk');
    expect(text).toContain(`localhost:3000/s/${made[0]!.code}`);
    expect(text).toContain('Scan to listen');
  });

  it('keeps each stop’s code: a second sheet, Letter, four a page, of one stop, reuses it', async () => {
    const before = await links(guide());
    const one = before[0]!.stop;
    const res = await sheet(w.publisherA, guide(), { paper: 'letter', per_page: 4, stops: [one] });
    expect(res.statusCode).toBe(200);
    const dir = await mkdtemp(path.join(tmpdir(), 'signs-'));
    await writeFile(path.join(dir, 'b.pdf'), res.rawPayload);
    const info = await run('pdfinfo', [path.join(dir, 'b.pdf')]);
    expect(info.stdout).toMatch(/Pages:\s+1\b/);
    expect(info.stdout).toMatch(/Page size:\s+612 x 792 pts/);
    expect(await links(guide())).toEqual(before);
  });

  it('opens the stop wherever it goes: renamed, moved, re-published', async () => {
    const [first] = await links(guide());
    const open = () => call(null, 'GET', `signs/${first!.code}`);
    // Not published yet in its new form, still the published stop.
    expect((await open()).json()).toEqual({ guide_token: guide(), poi_token: first!.stop });
    await editDraft(env, w.publisherA, guide(), (d) => {
      d.pois![0]!.content.en!.title = 'A renamed stop';
      d.pois![0]!.lat += 0.001;
    });
    await publishNow(guide());
    const res = await open();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ guide_token: guide(), poi_token: first!.stop });
    // Read as a person types it: lower case, a dash, O for 0 and I or L for 1.
    const typed = `${first!.code.slice(0, 3)}-${first!.code.slice(3)}`
      .toLowerCase()
      .replaceAll('0', 'o')
      .replaceAll('1', 'l');
    expect((await call(null, 'GET', `signs/${typed}`)).json()).toMatchObject({
      poi_token: first!.stop,
    });
    // The page link redirects to the stop's page.
    const page = await env.app.inject({ url: `/s/${first!.code}` });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`/guide/${guide()}/${first!.stop}?from=sign`);
    // The published guide's links, for a preload to save.
    const pub = await call(null, 'GET', `guides/${guide()}/signs`);
    expect(pub.json<SignLinks>().links.map((l) => l.code)).toContain(first!.code);
  });

  it('answers 404 with the guide for a removed stop, and 404 without one for an unknown code', async () => {
    const [first] = await links(guide());
    await editDraft(env, w.publisherA, guide(), (d) => {
      d.pois = d.pois!.filter((p) => p.token !== first!.stop);
    });
    await publishNow(guide());
    const gone = await call(null, 'GET', `signs/${first!.code}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({
      message: SIGN_GONE,
      guide: { token: guide(), title: 'Guide studio-a-walk' },
    });
    expect((await env.app.inject({ url: `/s/${first!.code}` })).statusCode).toBe(404);
    for (const code of ['ZZZZZZ', 'not a code', 'U'.repeat(6)]) {
      const res = await call(null, 'GET', `signs/${encodeURIComponent(code)}`);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual({ message: SIGN_UNKNOWN, guide: null });
    }
    expect((await call(null, 'GET', 'guides/no-such-guide/signs')).json()).toEqual({ links: [] });
  });

  it('refuses stops not in the draft, and paper or layouts it does not make', async () => {
    const bad = await sheet(w.publisherA, guide(), { stops: ['no-such-stop'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('This stop is not in the guide: no-such-stop');
    for (const body of [{ paper: 'a3' }, { per_page: 3 }, { stops: [] }, { color: 'red' }]) {
      expect((await sheet(w.publisherA, guide(), body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('is its organisation’s alone: no account, a visitor and another organisation get nothing', async () => {
    expect((await sheet(null, guide())).statusCode).toBe(401);
    expect((await call(null, 'GET', `studio/guides/${guide()}/signs`)).statusCode).toBe(401);
    for (const who of [w.visitor, w.publisherB]) {
      expect((await sheet(who, guide())).statusCode).toBe(404);
      expect((await call(who, 'GET', `studio/guides/${guide()}/signs`)).statusCode).toBe(404);
    }
    // An admin may.
    expect((await sheet(w.admin, w.orgB.guide)).statusCode).toBe(200);
  });

  it('refuses a stop whose token another organisation’s signs hold (a copied bundle)', async () => {
    const [theirs] = await links(w.orgB.guide, w.admin);
    await editDraft(env, w.publisherA, guide(), (d) => {
      d.pois = [
        { token: theirs!.stop, lat: 45.5, lng: -122.6, content: { en: { title: 'Copied' } } },
      ];
    });
    const res = await sheet(w.publisherA, guide(), { stops: [theirs!.stop] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(theirs!.stop);
  });
});
