import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { WriteWindow } from '@earshot/core';
import type { Db } from '../../db/database.js';

/**
 * The stored key of what a limit counts (an address and a route, an account, an address):
 * a digest, so no address or e-mail is kept and any input, however long or odd, fits.
 */
export const limitKey = (...parts: string[]): string =>
  createHash('sha256').update(parts.join('\n')).digest('base64url');

/** The limits' bookkeeping: every write and failed sign-in changes them, refused or not. */
export const LIMIT_TABLES = ['write_limits', 'sign_in_failures'] as const;

/**
 * The shared limits' SQL (migration 0011_shared_limits): every node of the service counts in
 * these rows, each change one statement, so concurrent requests on several nodes are all
 * counted (never read, then written).
 */
export function limitsRepository(db: Db) {
  return {
    /**
     * One more write under `key` at `now` (core `windowAfterWrite`, as one upsert): a window
     * that has ended starts again at 1, else its count grows. Returns the window after it.
     */
    async hitWrite(key: string, now: number, windowMs: number): Promise<WriteWindow> {
      const row = await db
        .insertInto('write_limits')
        .values({ key, hits: 1, reset_at: now + windowMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when write_limits.reset_at <= ${now} then 1 else write_limits.hits + 1 end`,
            reset_at: sql<number>`case when write_limits.reset_at <= ${now} then excluded.reset_at else write_limits.reset_at end`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.hits), resetAt: Number(row.reset_at) };
    },

    /** The newest `limit` failure times of `key` after `since`, oldest first. */
    async failures(key: string, since: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('sign_in_failures')
        .select('at')
        .where('key', '=', key)
        .where('at', '>', since)
        .orderBy('at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.at)).reverse();
    },

    /** One failure under `key` at `at` (an attempt counted before it is checked); its id. */
    async addAttempt(key: string, at: number): Promise<number> {
      const row = await db
        .insertInto('sign_in_failures')
        .values({ key, at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** The place of failure `id` among the failures of `key` after `since`, oldest first. */
    async rank(key: string, id: number, since: number): Promise<number> {
      const row = await db
        .selectFrom('sign_in_failures')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('key', '=', key)
        .where('at', '>', since)
        .where('id', '<=', id)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async removeFailures(ids: readonly number[]): Promise<void> {
      if (!ids.length) return;
      await db.deleteFrom('sign_in_failures').where('id', 'in', ids).execute();
    },

    async clearFailures(key: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
    },

    /** Deletes ended write windows and failures older than the longest lockout window. */
    async sweep(now: number, failureWindowMs: number): Promise<void> {
      await db.deleteFrom('write_limits').where('reset_at', '<=', now).execute();
      await db
        .deleteFrom('sign_in_failures')
        .where('at', '<=', now - failureWindowMs)
        .execute();
    },
  };
}

export type LimitsRepository = ReturnType<typeof limitsRepository>;
