import type { Kysely } from 'kysely';
import { guideTokenOfDraftKey, unpublishedDraftKey } from '@earshot/core';
import type { Database } from '../../../db/schema.js';

export type DraftRow = {
  guide_token: string;
  organisation_id: number;
  document: string;
  revision: number;
  updated_at: string;
  updated_by_name: string | null;
  published_revision: number | null;
  published_at: string | null;
};

const now = () => new Date().toISOString();

/** SQL of the studio's drafts, versions and previews (migration 0008). */
export function draftsRepository(db: Kysely<Database>) {
  return {
    /**
     * The box around the middles of the published guides of a city (by its name and state, in
     * any case, as the importer keys them), or undefined when it has none.
     */
    async cityBox(name: string, state: string) {
      const box = await db
        .selectFrom('guides')
        .innerJoin('cities', 'cities.id', 'guides.city_id')
        .select((eb) => [
          eb.fn.min('guides.centroid_lat').as('south'),
          eb.fn.min('guides.centroid_lng').as('west'),
          eb.fn.max('guides.centroid_lat').as('north'),
          eb.fn.max('guides.centroid_lng').as('east'),
        ])
        .where('guides.status', '=', 'data')
        .where('guides.centroid_lat', 'is not', null)
        .where('cities.name_key', '=', name.toLowerCase())
        .where('cities.state_key', '=', state.toLowerCase())
        .executeTakeFirst();
      if (!box || box.south === null) return undefined;
      return {
        south: Number(box.south),
        west: Number(box.west),
        north: Number(box.north),
        east: Number(box.east),
      };
    },

    async draft(token: string): Promise<DraftRow | undefined> {
      return db
        .selectFrom('guide_drafts')
        .leftJoin('users', 'users.id', 'guide_drafts.updated_by')
        .select([
          'guide_drafts.guide_token',
          'guide_drafts.organisation_id',
          'guide_drafts.document',
          'guide_drafts.revision',
          'guide_drafts.updated_at',
          'users.name as updated_by_name',
          'guide_drafts.published_revision',
          'guide_drafts.published_at',
        ])
        .where('guide_drafts.guide_token', '=', token)
        .executeTakeFirst();
    },

    /**
     * A guide's first draft. False when another request made it first (the unique token):
     * the caller reads that one.
     */
    async insertDraft(
      d: {
        token: string;
        organisationId: number;
        document: string;
        userId: string | null;
        publishedAt?: string | null;
      },
      trx: Kysely<Database> = db,
    ): Promise<boolean> {
      const result = await trx
        .insertInto('guide_drafts')
        .values({
          guide_token: d.token,
          organisation_id: d.organisationId,
          document: d.document,
          revision: 1,
          updated_by: d.userId,
          updated_at: now(),
          // A draft made from what visitors see is that published version.
          published_revision: d.publishedAt ? 1 : null,
          published_at: d.publishedAt ?? null,
        })
        .onConflict((oc) => oc.column('guide_token').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Saves `document` as the next revision if the draft is still at `revision` (compare and
     * set: of two saves based on one revision, one wins). Null when it was not.
     */
    async saveDraft(
      token: string,
      revision: number | null,
      document: string,
      userId: string,
    ): Promise<{ revision: number; updated_at: string } | null> {
      const updated_at = now();
      let q = db
        .updateTable('guide_drafts')
        .set((eb) => ({
          document,
          revision: eb('revision', '+', 1),
          updated_by: userId,
          updated_at,
        }))
        .where('guide_token', '=', token);
      if (revision !== null) q = q.where('revision', '=', revision);
      const row = await q.returning('revision').executeTakeFirst();
      return row ? { revision: row.revision, updated_at } : null;
    },

    /**
     * The tokens among `tokens` that organisation `organisationId` may not give a new guide: a
     * guide's or an owner's, or one of its own drafts'. Other organisations' drafts never
     * published are theirs alone (core unpublishedDraftKey): they are not asked, so the answer
     * tells nothing of them.
     */
    async takenTokens(tokens: string[], organisationId: number): Promise<Set<string>> {
      if (!tokens.length) return new Set();
      const [guides, owners, own] = await Promise.all([
        db.selectFrom('guides').select('token').where('token', 'in', tokens).execute(),
        db
          .selectFrom('guide_owners')
          .select('guide_token as token')
          .where('guide_token', 'in', tokens)
          .execute(),
        db
          .selectFrom('guide_drafts')
          .select('guide_token as token')
          .where(
            'guide_token',
            'in',
            tokens.map((t) => unpublishedDraftKey(t, organisationId)),
          )
          .execute(),
      ]);
      return new Set([...guides, ...owners, ...own].map((r) => guideTokenOfDraftKey(r.token)));
    },

    /** The taken tokens (as takenTokens) that start with `prefix` (a slug: nothing LIKE reads). */
    async tokensLike(prefix: string, organisationId: number): Promise<Set<string>> {
      const like = `${prefix}%`;
      const rows = await Promise.all([
        db.selectFrom('guides').select('token').where('token', 'like', like).execute(),
        db
          .selectFrom('guide_owners')
          .select('guide_token as token')
          .where('guide_token', 'like', like)
          .execute(),
        db
          .selectFrom('guide_drafts')
          .select('guide_token as token')
          .where('guide_token', 'like', like)
          .where('organisation_id', '=', organisationId)
          .execute(),
      ]);
      return new Set(rows.flat().map((r) => guideTokenOfDraftKey(r.token)));
    },

    /**
     * Inside publish's transaction: a draft never published (`key`: token~organisation) takes
     * its token, with its preview links.
     */
    async takeToken(trx: Kysely<Database>, key: string, token: string): Promise<void> {
      await trx
        .updateTable('guide_drafts')
        .set({ guide_token: token })
        .where('guide_token', '=', key)
        .execute();
      await trx
        .updateTable('guide_previews')
        .set({ guide_token: token })
        .where('guide_token', '=', key)
        .execute();
    },

    /** Inside publish's transaction: the next version, and the draft marked as published. */
    async recordPublish(
      trx: Kysely<Database>,
      p: { token: string; revision: number; document: string; userId: string },
    ): Promise<{ version: number; published_at: string }> {
      const last = await trx
        .selectFrom('guide_versions')
        .select((eb) => eb.fn.max('number').as('n'))
        .where('guide_token', '=', p.token)
        .executeTakeFirst();
      const version = Number(last?.n ?? 0) + 1;
      const published_at = now();
      await trx
        .insertInto('guide_versions')
        .values({
          guide_token: p.token,
          number: version,
          document: p.document,
          published_by: p.userId,
          published_at,
        })
        .execute();
      await trx
        .updateTable('guide_drafts')
        .set({ published_revision: p.revision, published_at })
        .where('guide_token', '=', p.token)
        .execute();
      return { version, published_at };
    },

    async versions(token: string) {
      return db
        .selectFrom('guide_versions')
        .leftJoin('users', 'users.id', 'guide_versions.published_by')
        .select([
          'guide_versions.number',
          'guide_versions.published_at',
          'users.name as published_by',
        ])
        .where('guide_versions.guide_token', '=', token)
        .orderBy('guide_versions.number', 'desc')
        .execute();
    },

    async versionDocument(token: string, number: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('guide_versions')
        .select('document')
        .where('guide_token', '=', token)
        .where('number', '=', number)
        .executeTakeFirst();
      return row?.document;
    },

    /** When the published guide of `token` was last written (null: none is published). */
    async publishedAt(token: string): Promise<string | null> {
      const row = await db
        .selectFrom('guides')
        .select('updated_at')
        .where('token', '=', token)
        .where('status', '=', 'data')
        .executeTakeFirst();
      return row?.updated_at ?? null;
    },
  };
}

export type DraftsRepository = ReturnType<typeof draftsRepository>;
