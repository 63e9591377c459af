import type { CreateTableBuilder, Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = CreateTableBuilder<any, any>;

/** Roll-up counters: every one starts at 0 and only ever grows by a delta (insights/rollup.ts). */
const counters = (t: AnyTable, names: readonly string[]): AnyTable =>
  names.reduce((b, n) => b.addColumn(n, 'integer', (c) => c.notNull().defaultTo(0)), t);

export const DAILY_COUNTERS = [
  'visits',
  'listeners',
  'preloads',
  'shares',
  'answers',
  'correct',
  'heard_events',
  'completed',
  'reached',
] as const;
export const STOP_COUNTERS = [
  'visits',
  'listeners',
  'starts',
  'completed',
  'heard_events',
  'heard_sum',
  'reached',
  't_tap',
  't_keypad',
  't_location',
  't_autoplay',
  't_link',
] as const;
export const CHALLENGE_COUNTERS = ['answers', 'correct'] as const;

/**
 * Insights (docs/insights.md): raw events kept for a while, and daily roll-ups that every dashboard
 * figure comes from. Roll-ups are kept per guide token (and stop token), local day and language;
 * language `*` holds every language together, so distinct visits are counted once whatever
 * languages a visit used. No table holds a user, an address or a position.
 */
export const insightsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    // The raw events. `id` is the event's own Idempotency-Key (a UUID the device made; the
    // server makes one for a challenge answer). Tokens, not ids: a guide re-published keeps
    // its history, and a draft's stop is named the same way.
    await db.schema
      .createTable('insight_events')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('visit_id', 'varchar(36)')
      .addColumn('guide_token', 'varchar(120)', (c) => c.notNull())
      .addColumn('poi_token', 'varchar(120)')
      .addColumn('language', 'varchar(20)')
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('trigger', 'varchar(10)')
      .addColumn('heard', 'integer')
      .addColumn('challenge_id', 'integer')
      .addColumn('correct', 'integer')
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('hour', 'integer', (c) => c.notNull())
      .execute();
    // Retention deletes by day; nothing else reads raw events by anything but their id.
    await db.schema
      .createIndex('insight_events_day_idx')
      .on('insight_events')
      .column('day')
      .execute();

    // One row per (visit, language, fact) already counted: `g` the visit, `l` it listened,
    // `s:<stop>` it was at that stop, `p:<stop>` it started that stop's audio. A fact is
    // counted once, on the local day and hour of the event that first brought it.
    await db.schema
      .createTable('insight_visit_facts')
      .addColumn('guide_token', 'varchar(120)', (c) => c.notNull())
      .addColumn('visit_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('language', 'varchar(20)', (c) => c.notNull())
      .addColumn('fact', 'varchar(130)', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addPrimaryKeyConstraint('insight_visit_facts_pk', [
        'guide_token',
        'visit_id',
        'language',
        'fact',
      ])
      .execute();
    await db.schema
      .createIndex('insight_visit_facts_day_idx')
      .on('insight_visit_facts')
      .column('day')
      .execute();

    // Per guide, language, day and local hour (of the visit's first event, for `visits`).
    await counters(
      db.schema
        .createTable('insight_daily')
        .addColumn('guide_token', 'varchar(120)', (c) => c.notNull())
        .addColumn('language', 'varchar(20)', (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('hour', 'integer', (c) => c.notNull()),
      DAILY_COUNTERS,
    )
      .addPrimaryKeyConstraint('insight_daily_pk', ['guide_token', 'language', 'day', 'hour'])
      .execute();

    await counters(
      db.schema
        .createTable('insight_daily_stops')
        .addColumn('guide_token', 'varchar(120)', (c) => c.notNull())
        .addColumn('language', 'varchar(20)', (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('poi_token', 'varchar(120)', (c) => c.notNull()),
      STOP_COUNTERS,
    )
      .addPrimaryKeyConstraint('insight_daily_stops_pk', [
        'guide_token',
        'language',
        'day',
        'poi_token',
      ])
      .execute();

    await counters(
      db.schema
        .createTable('insight_daily_challenges')
        .addColumn('guide_token', 'varchar(120)', (c) => c.notNull())
        .addColumn('language', 'varchar(20)', (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('challenge_id', 'integer', (c) => c.notNull()),
      CHALLENGE_COUNTERS,
    )
      .addPrimaryKeyConstraint('insight_daily_challenges_pk', [
        'guide_token',
        'language',
        'day',
        'challenge_id',
      ])
      .execute();
  },
};
