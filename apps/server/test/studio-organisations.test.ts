import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member, Organisation, StudioGuide, StudioMe } from '@earshot/core';
import { buildApp } from '../src/app.js';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';
import { signUp } from './auth-helpers.js';
import { addMember, makeAdmin, makeStudioWorld, type StudioWorld } from './studio-helpers.js';

let env: TestEnv;
let w: StudioWorld;
beforeAll(async () => {
  env = await makeEnv({ writesPerMinute: 1000 });
  await importFixture(env); // 'mini-walk': the command line's, so the default organisation's
  w = await makeStudioWorld(env);
});
afterAll(() => env.close());

type Who = { headers: { authorization: string } } | null;
const call = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  env.app.inject({
    method,
    url: `/api/v1/studio${url}`,
    headers: who?.headers ?? {},
    ...(payload ? { payload } : {}),
  });
const defaultOrg = async () =>
  (
    await env.handle.db
      .selectFrom('organisations')
      .select('id')
      .where('slug', '=', 'default')
      .executeTakeFirstOrThrow()
  ).id;

describe('GET studio/me', () => {
  it('answers a publisher their organisation and role', async () => {
    const res = await call(w.publisherA, 'GET', '/me');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.json<StudioMe>()).toEqual({
      admin: false,
      organisations: [
        { id: w.orgA.id, name: 'Museum of Sound', slug: w.orgA.slug, role: 'publisher' },
      ],
      pending: [],
    });
  });

  it('answers a signed-in visitor no organisation, and no user 401', async () => {
    expect((await call(w.visitor, 'GET', '/me')).json()).toEqual({
      admin: false,
      organisations: [],
      pending: [],
    });
    const anon = await call(null, 'GET', '/me');
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Sign in required' });
  });

  it('lists every organisation for an admin, as admin', async () => {
    const me = (await call(w.admin, 'GET', '/me')).json<StudioMe>();
    expect(me.admin).toBe(true);
    expect(me.organisations.map((o) => [o.slug, o.role]).sort()).toEqual([
      ['city-of-echoes', 'admin'],
      ['default', 'admin'],
      ['museum-of-sound', 'admin'],
    ]);
  });
});

describe('studio/organisations (admin)', () => {
  it('lists organisations with member and guide counts', async () => {
    const res = await call(w.admin, 'GET', '/organisations');
    expect(res.statusCode).toBe(200);
    const a = res.json<Organisation[]>().find((o) => o.id === w.orgA.id);
    expect(a).toMatchObject({ name: 'Museum of Sound', slug: w.orgA.slug, members: 1, guides: 1 });
    expect(a!.created_at).toMatch(/^\d{4}-/);
  });

  it('creates one with a slug made from its name, unique', async () => {
    const first = await call(w.admin, 'POST', '/organisations', { name: '  Harbour Walks ' });
    expect(first.statusCode).toBe(201);
    expect(first.json<Organisation>()).toMatchObject({
      name: 'Harbour Walks',
      slug: 'harbour-walks',
      members: 0,
      guides: 0,
    });
    const second = await call(w.admin, 'POST', '/organisations', { name: 'Harbour walks!' });
    expect(second.json<Organisation>().slug).toBe('harbour-walks-2');
    const taken = await call(w.admin, 'POST', '/organisations', {
      name: 'Other',
      slug: 'harbour-walks',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An organisation with that address name already exists');
  });

  it('refuses bad input with a clear message', async () => {
    for (const body of [
      { name: '' },
      { name: 'x', slug: 'Not A Slug' },
      { name: 'x', extra: 1 },
      {},
    ]) {
      const res = await call(w.admin, 'POST', '/organisations', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Invalid request: body/);
    }
  });

  it('refuses publishers and visitors (403) and no user (401)', async () => {
    for (const who of [w.publisherA, w.visitor]) {
      expect((await call(who, 'GET', '/organisations')).statusCode).toBe(403);
      const res = await call(who, 'POST', '/organisations', { name: 'Sneaky' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only an administrator may do this');
    }
    expect((await call(null, 'POST', '/organisations', { name: 'Sneaky' })).statusCode).toBe(401);
    const made = await env.handle.db
      .selectFrom('organisations')
      .select('id')
      .where('name', '=', 'Sneaky')
      .execute();
    expect(made).toEqual([]);
  });
});

describe('studio/organisations/{id}/members', () => {
  it('lists members with name, e-mail and role to members and admins', async () => {
    for (const who of [w.publisherA, w.admin]) {
      const res = await call(who, 'GET', `/organisations/${w.orgA.id}/members`);
      expect(res.statusCode).toBe(200);
      const [m] = res.json<Member[]>();
      expect(m).toMatchObject({
        user_id: w.publisherA.user.id,
        name: 'Ada Publisher',
        email: w.publisherA.user.email,
        role: 'publisher',
      });
    }
  });

  it("answers another organisation's publisher 404, and an unknown id 404", async () => {
    const res = await call(w.publisherB, 'GET', `/organisations/${w.orgA.id}/members`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
    expect((await call(w.admin, 'GET', '/organisations/999999/members')).statusCode).toBe(404);
    expect((await call(w.admin, 'GET', '/organisations/abc/members')).statusCode).toBe(404);
  });

  it('lets an admin remove a member; the publisher then loses access', async () => {
    const url = `/organisations/${w.orgB.id}/members/${w.publisherB.user.id}`;
    expect((await call(w.publisherB, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(w.publisherB, 'GET', `/guides?organisation=${w.orgB.id}`)).statusCode).toBe(
      200,
    );
    const removed = await call(w.admin, 'DELETE', url);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await call(w.admin, 'DELETE', url)).statusCode).toBe(404);
    expect((await call(w.publisherB, 'GET', `/guides?organisation=${w.orgB.id}`)).statusCode).toBe(
      404,
    );
    await env.handle.db
      .insertInto('organisation_members')
      .values({ organisation_id: w.orgB.id, user_id: w.publisherB.user.id, role: 'publisher' })
      .execute();
  });

  // The fuzz found a NUL byte in the user id reaching PostgreSQL (which answered an error: 500).
  it.each(['nul%00byte', '%F4%8F%BF%B7%00%F1%A1%93%80', 'sp%20ace', 'x'.repeat(65)])(
    'refuses a member id %j that no user can have, before the database',
    async (userId) => {
      const res = await call(w.admin, 'DELETE', `/organisations/${w.orgB.id}/members/${userId}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Invalid request: path userId: /);
    },
  );
});

describe('GET studio/guides?organisation=ID', () => {
  it("lists the organisation's published guides with their status", async () => {
    const res = await call(w.publisherA, 'GET', `/guides?organisation=${w.orgA.id}`);
    expect(res.statusCode).toBe(200);
    const list = res.json<StudioGuide[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      token: w.orgA.guide,
      title: `Guide ${w.orgA.guide}`,
      organisation_id: w.orgA.id,
      status: 'published',
      updated_by: null,
    });
    expect(list[0]!.published_at).toBe(list[0]!.updated_at);
  });

  it('lists command-line guides under the default organisation, owner row or not', async () => {
    const id = await defaultOrg();
    const tokens = async () =>
      (await call(w.admin, 'GET', `/guides?organisation=${id}`))
        .json<StudioGuide[]>()
        .map((g) => g.token);
    expect(await tokens()).toEqual(['mini-walk']);
    await env.handle.db.deleteFrom('guide_owners').where('guide_token', '=', 'mini-walk').execute();
    expect(await tokens()).toEqual(['mini-walk']);
    const a = await call(w.admin, 'GET', `/guides?organisation=${w.orgA.id}`);
    expect(a.json<StudioGuide[]>().map((g) => g.token)).toEqual([w.orgA.guide]);
  });

  it('refuses a missing or bad organisation, and other organisations', async () => {
    expect((await call(w.admin, 'GET', '/guides')).statusCode).toBe(404);
    expect((await call(w.admin, 'GET', '/guides?organisation=0')).statusCode).toBe(404);
    const res = await call(w.publisherB, 'GET', `/guides?organisation=${w.orgA.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(w.orgA.guide);
  });
});

describe('an account that unregisters', () => {
  it('leaves its organisations and its admin role', async () => {
    const leaver = await signUp(env.app, { name: 'Lee Leaver' });
    await addMember(env.handle.db, w.orgA.id, leaver.user.id);
    await makeAdmin(env.handle.db, leaver.user.id);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/v1/unregister/',
      headers: leaver.headers,
    });
    expect(res.statusCode).toBe(204);
    const left = async (table: 'organisation_members' | 'user_roles') =>
      env.handle.db.selectFrom(table).select('id').where('user_id', '=', leaver.user.id).execute();
    expect(await left('organisation_members')).toEqual([]);
    expect(await left('user_roles')).toEqual([]);
  });
});

describe('write limits', () => {
  it('limits studio writes per address like every other write', async () => {
    // A second app on the same database whose limit is 2 writes a minute.
    const app = await buildApp({
      handle: env.handle,
      mediaDir: env.mediaDir,
      mediaStore: env.media,
      writesPerMinute: 2,
    });
    try {
      const post = () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/studio/organisations',
          payload: { name: 'Limited' },
          remoteAddress: '203.0.113.9',
        });
      expect((await post()).statusCode).toBe(401);
      expect((await post()).statusCode).toBe(401);
      const limited = await post();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many requests from this address/);
      // Reads are not limited.
      const read = await app.inject({ url: '/api/v1/studio/me', remoteAddress: '203.0.113.9' });
      expect(read.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
