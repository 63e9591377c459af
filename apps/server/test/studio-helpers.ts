import type { Kysely } from 'kysely';
import type { GuideBundleInput, StudioDraft } from '@earshot/core';
import type { Database } from '../src/db/schema.js';
import type { DbHandle } from '../src/db/database.js';
import { importBundle } from '../src/bundles/bundle-import.js';
import { signUp, type SignedUp } from './auth-helpers.js';
import { writeSmallGuide, type TestEnv } from './helpers.js';

/** Two organisations, each with a publisher and a published guide, an admin and a visitor. */
export type StudioWorld = {
  orgA: { id: number; slug: string; guide: string };
  orgB: { id: number; slug: string; guide: string };
  /** Member of orgA. */
  publisherA: SignedUp;
  /** Member of orgB. */
  publisherB: SignedUp;
  admin: SignedUp;
  /** Signed in, member of nothing. */
  visitor: SignedUp;
};

export async function addOrganisation(db: Kysely<Database>, name: string, slug: string) {
  const row = await db
    .insertInto('organisations')
    .values({ name, slug })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addMember(db: Kysely<Database>, organisationId: number, userId: string) {
  await db
    .insertInto('organisation_members')
    .values({ organisation_id: organisationId, user_id: userId, role: 'publisher' })
    .execute();
}

/** Marks an account's address verified, as a provider that vouches for it (Google) leaves it. */
export async function markVerified(handle: DbHandle, userId: string) {
  await handle.db
    .updateTable('users')
    .set({ email_verified: handle.dialect === 'postgres' ? true : 1 })
    .where('id', '=', userId)
    .execute();
}

export async function makeAdmin(db: Kysely<Database>, userId: string) {
  await db.insertInto('user_roles').values({ user_id: userId, role: 'admin' }).execute();
}

/**
 * The fixture of the studio's tests, through the real layers: accounts by the sign-up call,
 * guides by the importer (owned by their organisation), roles and memberships as rows.
 */
export async function makeStudioWorld(env: TestEnv): Promise<StudioWorld> {
  const db = env.handle.db;
  const a = await addOrganisation(db, 'Museum of Sound', 'museum-of-sound');
  const b = await addOrganisation(db, 'City of Echoes', 'city-of-echoes');
  const guideA = await writeSmallGuide(env.dir, 'studio-a-walk', 'Alpha', 'AA', 45.5, -122.6);
  const guideB = await writeSmallGuide(env.dir, 'studio-b-walk', 'Beta', 'BB', 40.7, -74);
  await importBundle(env.handle, env.media, guideA, { owner: a });
  await importBundle(env.handle, env.media, guideB, { owner: b });
  const publisherA = await signUp(env.app, { name: 'Ada Publisher' });
  const publisherB = await signUp(env.app, { name: 'Bea Publisher' });
  const admin = await signUp(env.app, { name: 'Ann Admin' });
  const visitor = await signUp(env.app, { name: 'Vic Visitor' });
  await addMember(db, a, publisherA.user.id);
  await addMember(db, b, publisherB.user.id);
  await makeAdmin(db, admin.user.id);
  return {
    orgA: { id: a, slug: 'museum-of-sound', guide: 'studio-a-walk' },
    orgB: { id: b, slug: 'city-of-echoes', guide: 'studio-b-walk' },
    publisherA,
    publisherB,
    admin,
    visitor,
  };
}

/**
 * Saves `change` into the guide's draft as `who`, through the studio's own calls (open, then
 * save at its revision); answers the new revision.
 */
export async function editDraft(
  env: TestEnv,
  who: SignedUp,
  token: string,
  change: (d: GuideBundleInput) => void,
): Promise<number> {
  const url = `/api/v1/studio/guides/${token}/draft`;
  const draft = (await env.app.inject({ url, headers: who.headers })).json<StudioDraft>();
  const d = structuredClone(draft.document) as unknown as GuideBundleInput;
  change(d);
  const res = await env.app.inject({
    method: 'PUT',
    url,
    headers: who.headers,
    payload: { revision: draft.revision, document: d },
  });
  if (res.statusCode !== 200) throw new Error(`saving the draft of ${token}: ${res.body}`);
  return res.json<{ revision: number }>().revision;
}
