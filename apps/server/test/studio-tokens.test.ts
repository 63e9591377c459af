import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_MESSAGES, type GuideBundleInput, type StudioDraft } from '@earshot/core';
import { importBundle } from '../src/bundles/bundle-import.js';
import { BundleError } from '../src/bundles/bundle-error.js';
import type { SignedUp } from './auth-helpers.js';
import { makeEnv, readFixture, writeBundle, type TestEnv } from './helpers.js';
import { editDraft, makeStudioWorld, type StudioWorld } from './studio-helpers.js';
import { bundleFiles, renameGuide } from './support/bundle-zips.js';

// The studio makes a guide's stop tokens as `{guide}-stop-N`, so another organisation could
// take a published guide's next stop token first and block its publish. A token in the
// namespace of another organisation's published guide is refused on every path in (publish,
// the studio's zip import, the command line); the guide's own organisation keeps claiming
// them (docs/security.md).

let env: TestEnv;
let w: StudioWorld;
beforeAll(async () => {
  env = await makeEnv();
  w = await makeStudioWorld(env);
});
afterAll(() => env.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (who: SignedUp | null, method: Method, url: string, payload?: object) =>
  env.app.inject({ method, url: `/api/v1/${url}`, headers: who?.headers, payload });

const edit = (who: SignedUp, token: string, change: (d: GuideBundleInput) => void) =>
  editDraft(env, who, token, change);

/** A stop token in orgA's published guide's namespace, as its studio would make the next one. */
const squatted = () => `${w.orgA.guide}-stop-7`;
const addStop = (token: string) => (d: GuideBundleInput) => {
  d.pois = [...(d.pois ?? []), { ...d.pois![0]!, token, keypad_code: undefined }];
};
const NAMESPACE = (token: string, space: string) =>
  `token "${token}" begins with "${space}-": tokens that begin with a published guide's token are that guide's`;

describe("another organisation's stop tokens", () => {
  it('are refused at publish with the reason at the field', async () => {
    const revision = await edit(w.publisherB, w.orgB.guide, addStop(squatted()));
    const res = await call(w.publisherB, 'POST', `studio/guides/${w.orgB.guide}/publish`, {
      revision,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ problems: unknown[] }>().problems).toContainEqual({
      path: '$.pois[1].token',
      message: NAMESPACE(squatted(), w.orgA.guide),
    });
    // Nothing of orgB's draft reached visitors.
    const pois = await env.app.inject({ url: `/api/v1/pois_by_token/${squatted()}` });
    expect(pois.statusCode).toBe(404);
  });

  it('are refused by the command line and by the studio’s zip import', async () => {
    // The fixture as a guide of orgB's, its tokens its own, and one stop more: the squatted one.
    const squatter = (b: GuideBundleInput) => {
      renameGuide(b, 'squatter-walk');
      addStop(squatted())(b);
    };
    const dir = await writeBundle(env.dir, 'squatter-walk', squatter);
    const cli = await importBundle(env.handle, env.media, dir, { owner: w.orgB.id }).catch(
      (e: unknown) => e,
    );
    expect(cli).toBeInstanceOf(BundleError);
    const at = `$.pois[${(await readFixture()).pois!.length}].token`;
    expect((cli as BundleError).errors).toEqual([`${at}: ${NAMESPACE(squatted(), w.orgA.guide)}`]);
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/v1/studio/import?organisation=${w.orgB.id}`,
      headers: { ...w.publisherB.headers, 'content-type': 'application/zip' },
      payload: Buffer.from(zipSync(await bundleFiles('squatter-walk', addStop(squatted())))),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ problems: unknown[] }>().problems).toEqual([
      { path: at, message: NAMESPACE(squatted(), w.orgA.guide) },
    ]);
  });

  it("are the guide's own organisation's to claim, and a token in no namespace is anyone's", async () => {
    const own = await edit(w.publisherA, w.orgA.guide, addStop(squatted()));
    const mine = await call(w.publisherA, 'POST', `studio/guides/${w.orgA.guide}/publish`, {
      revision: own,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await env.app.inject({ url: `/api/v1/pois_by_token/${squatted()}` })).statusCode).toBe(
      200,
    );
    // orgB's draft, with a token of its own namespace instead, publishes.
    const revision = await edit(w.publisherB, w.orgB.guide, (d) => {
      d.pois = d.pois!.filter((p) => p.token !== squatted());
      addStop(`${w.orgB.guide}-stop-2`)(d);
    });
    const res = await call(w.publisherB, 'POST', `studio/guides/${w.orgB.guide}/publish`, {
      revision,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

// And a new guide's token was refused (409) when only another organisation's unpublished draft held
// it, so drafts' names could be probed. Such drafts are each their own organisation's now; the
// first to publish a token takes it.
describe("another organisation's drafts never published", () => {
  const SECRET = 'secret-exhibition';
  const create = (who: SignedUp, organisation_id: number, body: object) =>
    call(who, 'POST', 'studio/guides', {
      organisation_id,
      city: { name: 'Portland', state: 'Oregon' },
      ...body,
    });
  /** What an answer to a new guide says, without what differs between any two. */
  const shape = (d: StudioDraft) => ({
    token: d.token,
    revision: d.revision,
    status: d.status,
    problems: d.problems,
  });

  it('answer a new guide of their token exactly as a token nobody has', async () => {
    const a = await create(w.publisherA, w.orgA.id, { title: 'Secret Exhibition', token: SECRET });
    expect(a.statusCode, a.body).toBe(201);
    // orgB asks for the same token, and for a token nobody has: the same answer.
    const b = await create(w.publisherB, w.orgB.id, { title: 'Secret Exhibition', token: SECRET });
    const fresh = await create(w.publisherB, w.orgB.id, {
      title: 'Secret Exhibition',
      token: 'nobody-has-this',
    });
    expect(b.statusCode, b.body).toBe(201);
    expect(fresh.statusCode).toBe(201);
    expect({ ...shape(b.json<StudioDraft>()), token: 'x' }).toEqual({
      ...shape(fresh.json<StudioDraft>()),
      token: 'x',
    });
    // A token proposed from a title is not moved aside by another organisation's draft either.
    const proposed = await create(w.publisherB, w.orgB.id, { title: 'Private Garden' });
    const other = await create(w.publisherA, w.orgA.id, { title: 'Private Garden' });
    expect(proposed.json<StudioDraft>().token).toBe('private-garden');
    expect(other.json<StudioDraft>().token).toBe('private-garden');
    // Each organisation opens its own draft of the token, and lists it as its own.
    const titleOf = async (who: SignedUp) =>
      (await call(who, 'GET', `studio/guides/${SECRET}/draft`)).json<StudioDraft>().organisation_id;
    expect(await titleOf(w.publisherA)).toBe(w.orgA.id);
    expect(await titleOf(w.publisherB)).toBe(w.orgB.id);
    const listed = await call(w.publisherB, 'GET', `studio/guides?organisation=${w.orgB.id}`);
    expect(listed.json<{ token: string }[]>().map((g) => g.token)).toContain(SECRET);
  });

  it("answer 409 for the organisation's own draft and for a published guide, as before", async () => {
    const own = await create(w.publisherA, w.orgA.id, { title: 'Again', token: SECRET });
    expect(own.statusCode).toBe(409);
    const published = await create(w.publisherA, w.orgA.id, { title: 'B', token: w.orgB.guide });
    expect(published.statusCode).toBe(409);
    expect(own.json()).toEqual(published.json());
  });

  it('publish: the first takes the token; the other is told so and nothing of it is shown', async () => {
    const open = async (who: SignedUp) =>
      (await call(who, 'GET', `studio/guides/${SECRET}/draft`)).json<StudioDraft>();
    const save = async (who: SignedUp, title: string) => {
      const d = await open(who);
      const doc = structuredClone(d.document) as unknown as GuideBundleInput;
      doc.guide.title = title;
      doc.pois = [
        {
          token: `${SECRET}-${who === w.publisherA ? 'a' : 'b'}-stop`,
          lat: 45.52,
          lng: -122.68,
          content: { en: { title: `${title} stop` } },
        },
      ];
      const res = await call(who, 'PUT', `studio/guides/${SECRET}/draft`, {
        revision: d.revision,
        document: doc,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ revision: number }>().revision;
    };
    const b = await save(w.publisherB, 'The B Exhibition');
    const a = await save(w.publisherA, 'The A Exhibition');
    const first = await call(w.publisherB, 'POST', `studio/guides/${SECRET}/publish`, {
      revision: b,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call(w.publisherA, 'POST', `studio/guides/${SECRET}/publish`, {
      revision: a,
    });
    expect(second.statusCode).toBe(422);
    expect(second.json<{ problems: unknown[] }>().problems).toEqual([
      { path: '$.guide.token', message: STUDIO_MESSAGES.tokenPublishedMeanwhile },
    ]);
    const shown = await env.app.inject({ url: `/api/v1/tour-by-token/${SECRET}` });
    expect(shown.json()).toMatchObject({ title: 'The B Exhibition' });
    // orgA's draft is still its own; orgB's is now its published guide's.
    expect((await open(w.publisherA)).document).toMatchObject({
      guide: { title: 'The A Exhibition' },
    });
    expect((await open(w.publisherB)).status).toBe('published');
    // The importer itself never writes one organisation's guide over another's.
    const dir = await writeBundle(env.dir, 'over-secret', (g) => {
      g.guide.token = SECRET;
      g.badges = [];
      g.hunts = [];
      g.pois = [{ ...g.pois![0]!, token: `${SECRET}-over` }];
    });
    const over = await importBundle(env.handle, env.media, dir, { owner: w.orgA.id }).catch(
      (e: unknown) => e,
    );
    expect((over as BundleError).errors).toEqual([
      `$.guide.token: ${STUDIO_MESSAGES.tokenPublishedMeanwhile}`,
    ]);
    expect((await env.app.inject({ url: `/api/v1/tour-by-token/${SECRET}` })).json()).toMatchObject(
      { title: 'The B Exhibition' },
    );
  });
});
