import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../src/bundles/bundle-import.js';
import { studioAccess, type StudioAccess } from '../src/modules/studio/access/access.js';
import { draftsRepository } from '../src/modules/studio/drafts/drafts-repository.js';
import type { HttpError } from '../src/plugins/errors.js';
import { signUp } from './auth-helpers.js';
import { importFixture, makeEnv, writeSmallGuide, type TestEnv } from './helpers.js';
import { addMember, makeStudioWorld, type StudioWorld } from './studio-helpers.js';

let env: TestEnv;
let w: StudioWorld;
let access: StudioAccess;
let defaultId: number;
beforeAll(async () => {
  env = await makeEnv();
  await importFixture(env); // 'mini-walk', from the command line's importer: no owner given
  w = await makeStudioWorld(env);
  access = studioAccess(env.handle.db);
  defaultId = (
    await env.handle.db
      .selectFrom('organisations')
      .select('id')
      .where('slug', '=', 'default')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => env.close());

/** The status an access check throws, or 'ok'. */
async function status(p: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    const err = e as HttpError;
    if (typeof err.statusCode !== 'number') throw e;
    if (err.statusCode === 404) expect(err.message).toBe('Not found');
    return err.statusCode;
  }
}

const ownerRow = (token: string) =>
  env.handle.db
    .selectFrom('guide_owners')
    .select('organisation_id')
    .where('guide_token', '=', token)
    .executeTakeFirst();

describe('the migration', () => {
  it('makes the default organisation', async () => {
    const row = await env.handle.db
      .selectFrom('organisations')
      .selectAll()
      .where('slug', '=', 'default')
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Default organisation');
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('refuses a second membership of the same pair and a second admin row', async () => {
    await expect(addMember(env.handle.db, w.orgA.id, w.publisherA.user.id)).rejects.toThrow();
    await expect(
      env.handle.db
        .insertInto('user_roles')
        .values({ user_id: w.admin.user.id, role: 'admin' })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('the importer', () => {
  it('gives a guide without an owner to the default organisation, and keeps an owner', async () => {
    expect((await ownerRow('mini-walk'))?.organisation_id).toBe(defaultId);
    expect((await ownerRow(w.orgA.guide))?.organisation_id).toBe(w.orgA.id);
    // Re-imported from the command line (no owner given): it stays orgA's.
    const again = await writeSmallGuide(env.dir, w.orgA.guide, 'Alpha', 'AA', 45.5, -122.6);
    await importBundle(env.handle, env.media, again);
    expect((await ownerRow(w.orgA.guide))?.organisation_id).toBe(w.orgA.id);
  });

  it('gives a preview (owner: null) no owner row', async () => {
    const dir = await writeSmallGuide(env.dir, 'preview-xyz', 'Gamma', 'GG', 10, 10);
    await importBundle(env.handle, env.media, dir, { owner: null });
    expect(await ownerRow('preview-xyz')).toBeUndefined();
  });
});

describe('studioAccess.guide', () => {
  it('answers 401 to no user', async () => {
    expect(await status(access.guide(null, w.orgA.guide))).toBe(401);
  });

  it("lets a publisher open their organisation's guide, and only that", async () => {
    expect(await access.guide(w.publisherA.user, w.orgA.guide)).toEqual({
      organisationId: w.orgA.id,
      key: w.orgA.guide,
    });
    expect(await status(access.guide(w.publisherA.user, w.orgB.guide))).toBe(404);
    expect(await status(access.guide(w.publisherB.user, w.orgA.guide))).toBe(404);
    expect(await status(access.guide(w.publisherA.user, 'mini-walk'))).toBe(404);
  });

  it('answers a visitor 404 for every guide, known or not', async () => {
    for (const token of [w.orgA.guide, w.orgB.guide, 'mini-walk', 'no-such-guide'])
      expect(await status(access.guide(w.visitor.user, token))).toBe(404);
  });

  it('lets an admin open every guide, and answers 404 for an unknown token', async () => {
    expect(await access.guide(w.admin.user, w.orgB.guide)).toEqual({
      organisationId: w.orgB.id,
      key: w.orgB.guide,
    });
    expect(await access.guide(w.admin.user, 'mini-walk')).toEqual({
      organisationId: defaultId,
      key: 'mini-walk',
    });
    expect(await status(access.guide(w.admin.user, 'no-such-guide'))).toBe(404);
  });

  it('answers 404 without asking the database for what is no token (PostgreSQL text holds no NUL)', async () => {
    // Found by the fuzz test: a studio route's guard looked up `Port%00land` and answered 500.
    for (const token of ['Port\u0000land', 'a/b', '', 'x'.repeat(201)])
      expect(await status(access.guide(w.admin.user, token)), JSON.stringify(token)).toBe(404);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/v1/studio/guides/Port%00land/versions/1/restore',
      headers: w.admin.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  it('gives a published guide without an owner row to the default organisation', async () => {
    await env.handle.db.deleteFrom('guide_owners').where('guide_token', '=', 'mini-walk').execute();
    const member = await signUp(env.app);
    await addMember(env.handle.db, defaultId, member.user.id);
    expect(await access.guide(member.user, 'mini-walk')).toEqual({
      organisationId: defaultId,
      key: 'mini-walk',
    });
    expect(await status(access.guide(w.publisherA.user, 'mini-walk'))).toBe(404);
  });

  it('opens a draft never published for its own organisation only, each its own', async () => {
    const drafts = draftsRepository(env.handle.db);
    for (const org of [w.orgB.id, w.orgA.id])
      await drafts.insertDraft({
        token: `draft-only-walk~${org}`,
        organisationId: org,
        document: '{}',
        userId: null,
      });
    expect(await access.guide(w.publisherA.user, 'draft-only-walk')).toEqual({
      organisationId: w.orgA.id,
      key: `draft-only-walk~${w.orgA.id}`,
    });
    expect(await access.guide(w.publisherB.user, 'draft-only-walk')).toEqual({
      organisationId: w.orgB.id,
      key: `draft-only-walk~${w.orgB.id}`,
    });
    // An admin who is a member of neither opens the first organisation's.
    expect((await access.guide(w.admin.user, 'draft-only-walk')).organisationId).toBe(
      Math.min(w.orgA.id, w.orgB.id),
    );
    expect(await status(access.guide(w.visitor.user, 'draft-only-walk'))).toBe(404);
    // No owner row: the token is nobody's until one of them publishes.
    expect(await ownerRow('draft-only-walk')).toBeUndefined();
  });

  it('never opens a preview guide (no owner row, status preview)', async () => {
    // The drafts part imports previews with status `preview`; here the row is set so directly.
    await env.handle.db
      .updateTable('guides')
      .set({ status: 'preview' })
      .where('token', '=', 'preview-xyz')
      .execute();
    expect(await status(access.guide(w.admin.user, 'preview-xyz'))).toBe(404);
  });
});

describe('studioAccess.organisation and admin', () => {
  it('lets members and admins open an organisation, others get 401/404', async () => {
    expect(await status(access.organisation(w.publisherA.user, w.orgA.id))).toBe('ok');
    expect(await status(access.organisation(w.admin.user, w.orgA.id))).toBe('ok');
    expect(await status(access.organisation(null, w.orgA.id))).toBe(401);
    expect(await status(access.organisation(w.publisherB.user, w.orgA.id))).toBe(404);
    expect(await status(access.organisation(w.visitor.user, w.orgA.id))).toBe(404);
    expect(await status(access.organisation(w.admin.user, 999_999))).toBe(404);
  });

  it('admin: 401 for no user, 403 for anyone but an admin', async () => {
    expect(await status(access.admin(null))).toBe(401);
    expect(await status(access.admin(w.publisherA.user))).toBe(403);
    expect(await status(access.admin(w.visitor.user))).toBe(403);
    expect(await status(access.admin(w.admin.user))).toBe('ok');
    expect(await access.isAdmin(w.admin.user.id)).toBe(true);
    expect(await access.isAdmin(w.publisherA.user.id)).toBe(false);
  });
});
