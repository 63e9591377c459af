import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { bumpContentVersion } from '../../content/version-repository.js';

export type PreviewRow = { token: string; guide_token: string; expires_at: string };

/** SQL of preview links (guide_previews) and of removing their imported guides. */
export function previewsRepository(db: Kysely<Database>) {
  const columns = ['token', 'guide_token', 'expires_at'] as const;
  return {
    /** The guide's preview that still works at `now`, if any (the newest). */
    async live(guideToken: string, now: string): Promise<PreviewRow | undefined> {
      return db
        .selectFrom('guide_previews')
        .select(columns)
        .where('guide_token', '=', guideToken)
        .where('expires_at', '>', now)
        .orderBy('expires_at', 'desc')
        .executeTakeFirst();
    },

    /** Records a new preview link. */
    async put(p: PreviewRow & { userId: string }): Promise<void> {
      await db
        .insertInto('guide_previews')
        .values({
          token: p.token,
          guide_token: p.guide_token,
          created_by: p.userId,
          expires_at: p.expires_at,
        })
        .execute();
    },

    /** The previews among these tokens. */
    async find(tokens: string[]): Promise<PreviewRow[]> {
      if (!tokens.length) return [];
      return db.selectFrom('guide_previews').select(columns).where('token', 'in', tokens).execute();
    },

    /** The live and expired previews of one guide (to revoke them). */
    async ofGuide(guideToken: string): Promise<PreviewRow[]> {
      return db
        .selectFrom('guide_previews')
        .select(columns)
        .where('guide_token', '=', guideToken)
        .execute();
    },

    /** The token of the preview guide with this id, or null for any other guide or none. */
    async tokenOfGuide(id: number): Promise<string | null> {
      const row = await db
        .selectFrom('guides')
        .select('token')
        .where('id', '=', id)
        .where('status', '=', 'preview')
        .executeTakeFirst();
      return row?.token ?? null;
    },

    async expired(now: string): Promise<PreviewRow[]> {
      return db
        .selectFrom('guide_previews')
        .select(columns)
        .where('expires_at', '<=', now)
        .execute();
    },

    /**
     * Removes previews and their imported guides (rows cascade) in one transaction that bumps
     * the content version; answers the removed guides' ids (their media folders go next).
     */
    async remove(tokens: string[]): Promise<number[]> {
      if (!tokens.length) return [];
      return db.transaction().execute(async (trx) => {
        const guides = await trx
          .selectFrom('guides')
          .select('id')
          .where('token', 'in', tokens)
          .where('status', '=', 'preview')
          .execute();
        const ids = guides.map((g) => g.id);
        if (ids.length) await trx.deleteFrom('guides').where('id', 'in', ids).execute();
        await trx.deleteFrom('guide_previews').where('token', 'in', tokens).execute();
        await bumpContentVersion(trx);
        return ids;
      });
    },
  };
}
