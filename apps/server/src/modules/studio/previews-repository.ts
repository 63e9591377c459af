import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { bumpContentVersion } from '../content/version-repository.js';

export type PreviewRow = { token: string; guide_token: string; expires_at: string };

/** The kinds of row a visitor's content call may name by number (path or filter). */
export const ROW_KINDS = [
  'guides',
  'pois',
  'layers',
  'badges',
  'badge_levels',
  'scavenger_hunts',
  'challenges',
  'multiple_choice_options',
] as const;
export type RowKind = (typeof ROW_KINDS)[number];
export type RowRef = { kind: RowKind; id: number };

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

    /** Records a preview link, or gives an existing one its new expiry. */
    async put(p: PreviewRow & { userId: string }): Promise<void> {
      const updated = await db
        .updateTable('guide_previews')
        .set({ expires_at: p.expires_at, created_by: p.userId })
        .where('token', '=', p.token)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return;
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

    /**
     * Previews among the candidates a request names: preview tokens themselves, or the
     * 10-character stems of prefixed POI and badge tokens (`pv{stem}-…`).
     */
    async find(tokens: string[], stems: string[]): Promise<PreviewRow[]> {
      if (!tokens.length && !stems.length) return [];
      // Stems are base64url: "_" is LIKE's any-character, so the rows are checked again below.
      const rows = await db
        .selectFrom('guide_previews')
        .select(columns)
        .where((eb) =>
          eb.or([
            ...(tokens.length ? [eb('token', 'in', tokens)] : []),
            ...stems.map((s) => eb('token', 'like', `${s}%`)),
          ]),
        )
        .execute();
      return rows.filter(
        (r) => tokens.includes(r.token) || stems.some((s) => r.token.startsWith(s)),
      );
    },

    /**
     * The tokens of preview guides that own any of these rows (a challenge through its hunt,
     * an option through its challenge, a level through its badge): a row asked for by number
     * carries no token in its URL, and an option none in its answer either.
     */
    async previewsOwning(refs: RowRef[]): Promise<string[]> {
      if (!refs.length) return [];
      const ids = (kind: RowKind) => refs.filter((r) => r.kind === kind).map((r) => r.id);
      const hunts = db
        .selectFrom('scavenger_hunts')
        .innerJoin('challenges', 'challenges.scavenger_hunt_id', 'scavenger_hunts.id');
      /** The guides of the rows `wanted`, read by `read` (no query for none). */
      const owners = async (
        wanted: number[],
        read: (ids: number[]) => Promise<{ guide_id: number }[]>,
      ) => (wanted.length ? (await read(wanted)).map((r) => r.guide_id) : []);
      const found = await Promise.all([
        ids('guides'),
        ...(['pois', 'layers', 'badges', 'scavenger_hunts'] as const).map((table) =>
          owners(ids(table), (w) =>
            db.selectFrom(table).select('guide_id').where('id', 'in', w).execute(),
          ),
        ),
        owners(ids('badge_levels'), (w) =>
          db
            .selectFrom('badge_levels')
            .innerJoin('badges', 'badges.id', 'badge_levels.badge_id')
            .select('badges.guide_id')
            .where('badge_levels.id', 'in', w)
            .execute(),
        ),
        owners(ids('challenges'), (w) =>
          hunts.select('scavenger_hunts.guide_id').where('challenges.id', 'in', w).execute(),
        ),
        owners(ids('multiple_choice_options'), (w) =>
          hunts
            .innerJoin(
              'multiple_choice_options',
              'multiple_choice_options.challenge_id',
              'challenges.id',
            )
            .select('scavenger_hunts.guide_id')
            .where('multiple_choice_options.id', 'in', w)
            .execute(),
        ),
      ]);
      const guideIds = [...new Set(found.flat())];
      if (!guideIds.length) return [];
      const rows = await db
        .selectFrom('guides')
        .select('token')
        .where('id', 'in', guideIds)
        .where('status', '=', 'preview')
        .execute();
      return rows.map((r) => r.token);
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
