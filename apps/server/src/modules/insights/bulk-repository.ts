import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { GUIDE_ENTRIES, STOP_ENTRIES } from '@earshot/core';

/**
 * The roll-ups computed in bulk from the raw events in a few SQL statements, for the bench's
 * generator (10 million events written in bulk, then rolled up at once). It must give exactly
 * what the incremental path (repository.ts `record`, rollup.ts) gives for events sent in time
 * order: test/insights-bulk.test.ts checks that. Only right while every event is still kept
 * (retention deletes raw events, never roll-ups), so it is not a repair tool for a live server.
 * Portable SQL: SQLite and PostgreSQL.
 */

// Every event once per language it counts in: its own and `*` (docs/insights.md).
const EVENT_LANGUAGES = sql`(
  select id, visit_id, guide_token, poi_token, '*' as language, kind, ${sql.ref('trigger')},
         entry, heard, challenge_id, correct, day, hour
    from insight_events
  union all
  select id, visit_id, guide_token, poi_token, language, kind, ${sql.ref('trigger')},
         entry, heard, challenge_id, correct, day, hour
    from insight_events where language is not null
)`;

const STOP_KINDS = sql`('stop-select', 'audio-start', 'audio-heard', 'stop-reach')`;

export async function rebuildRollups(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const t of [
      'insight_visit_facts',
      'insight_daily',
      'insight_daily_stops',
      'insight_daily_challenges',
    ] as const)
      await trx.deleteFrom(t).execute();
    await sql`drop table if exists insight_bulk_facts`.execute(trx);
    // Each fact of each visit with the local time of its first event, written as
    // "YYYY-MM-DD:1HH" (100 + hour) so that min() is the earliest.
    await sql`create temporary table insight_bulk_facts as
      select guide_token, visit_id, language, fact, min(stamp) as stamp from (
        select guide_token, visit_id, language, 'g' as fact, day || ':' || (100 + hour) as stamp
          from ${EVENT_LANGUAGES} e where visit_id is not null
        union all
        select guide_token, visit_id, language, 'l', day || ':' || (100 + hour)
          from ${EVENT_LANGUAGES} e where visit_id is not null and kind = 'audio-start'
        union all
        select guide_token, visit_id, language, 's:' || poi_token, day || ':' || (100 + hour)
          from ${EVENT_LANGUAGES} e
          where visit_id is not null and poi_token is not null and kind in ${STOP_KINDS}
        union all
        select guide_token, visit_id, language, 'p:' || poi_token, day || ':' || (100 + hour)
          from ${EVENT_LANGUAGES} e
          where visit_id is not null and poi_token is not null and kind = 'audio-start'
      ) f group by guide_token, visit_id, language, fact`.execute(trx);
    await sql`insert into insight_visit_facts (guide_token, visit_id, language, fact, day)
      select guide_token, visit_id, language, fact, substr(stamp, 1, 10) from insight_bulk_facts`.execute(
      trx,
    );

    const factDay = sql`substr(stamp, 1, 10)`;
    const factHour = sql`cast(substr(stamp, 12, 3) as integer) - 100`;
    const flag = (cond: ReturnType<typeof sql>) => sql`case when ${cond} then 1 else 0 end`;
    // The counters by entry (migration 0018): their names, their sums, a flag per event and a
    // 0 per fact row.
    const entries = (kind: string, list: readonly string[]) => ({
      names: sql.raw(list.map((e) => `, e_${e}`).join('')),
      sums: sql.raw(list.map((e) => `, sum(e_${e})`).join('')),
      flags: sql.join(
        list.map(
          (e) =>
            sql`, ${flag(sql`kind = ${sql.lit(kind)} and entry = ${sql.lit(e)}`)} as ${sql.ref(`e_${e}`)}`,
        ),
        sql``,
      ),
      zeros: sql.raw(list.map(() => ', 0').join('')),
      plus: sql.raw(list.map((e) => ` + sum(e_${e})`).join('')),
    });
    const visitEntries = entries('guide-open', GUIDE_ENTRIES);
    const stopEntries = entries('stop-select', STOP_ENTRIES);

    await sql`insert into insight_daily (guide_token, language, day, hour, visits, listeners,
        preloads, shares, answers, correct, heard_events, completed, reached${visitEntries.names})
      select guide_token, language, day, hour, sum(visits), sum(listeners), sum(preloads),
        sum(shares), sum(answers), sum(correct), sum(heard_events), sum(completed), sum(reached)
        ${visitEntries.sums}
      from (
        select guide_token, language, day, hour, 0 as visits, 0 as listeners,
          ${flag(sql`kind = 'preload'`)} as preloads,
          ${flag(sql`kind = 'share'`)} as shares,
          ${flag(sql`kind = 'challenge-answer' and challenge_id is not null`)} as answers,
          ${flag(sql`kind = 'challenge-answer' and challenge_id is not null and correct = 1`)} as correct,
          ${flag(sql`kind = 'audio-heard' and heard is not null`)} as heard_events,
          ${flag(sql`kind = 'audio-heard' and heard >= 90`)} as completed,
          ${flag(sql`kind = 'stop-reach'`)} as reached
          ${visitEntries.flags}
        from ${EVENT_LANGUAGES} e
        union all
        select guide_token, language, ${factDay}, ${factHour},
          ${flag(sql`fact = 'g'`)}, ${flag(sql`fact = 'l'`)}, 0, 0, 0, 0, 0, 0, 0
          ${visitEntries.zeros}
        from insight_bulk_facts where fact in ('g', 'l')
      ) x
      group by guide_token, language, day, hour
      having sum(visits) + sum(listeners) + sum(preloads) + sum(shares) + sum(answers)
        + sum(heard_events) + sum(reached)${visitEntries.plus} > 0`.execute(trx);

    const trigger = (name: string) =>
      flag(
        sql`kind in ('stop-select', 'audio-start') and ${sql.ref('trigger')} = ${sql.lit(name)}`,
      );
    await sql`insert into insight_daily_stops (guide_token, language, day, poi_token, visits,
        listeners, starts, completed, heard_events, heard_sum, reached, t_tap, t_keypad,
        t_location, t_autoplay, t_link${stopEntries.names})
      select guide_token, language, day, poi_token, sum(visits), sum(listeners), sum(starts),
        sum(completed), sum(heard_events), sum(heard_sum), sum(reached), sum(t_tap),
        sum(t_keypad), sum(t_location), sum(t_autoplay), sum(t_link)${stopEntries.sums}
      from (
        select guide_token, language, day, poi_token, 0 as visits, 0 as listeners,
          ${flag(sql`kind = 'audio-start'`)} as starts,
          ${flag(sql`kind = 'audio-heard' and heard >= 90`)} as completed,
          ${flag(sql`kind = 'audio-heard' and heard is not null`)} as heard_events,
          case when kind = 'audio-heard' and heard is not null then heard else 0 end as heard_sum,
          ${flag(sql`kind = 'stop-reach'`)} as reached,
          ${trigger('tap')} as t_tap, ${trigger('keypad')} as t_keypad,
          ${trigger('location')} as t_location, ${trigger('autoplay')} as t_autoplay,
          ${trigger('link')} as t_link
          ${stopEntries.flags}
        from ${EVENT_LANGUAGES} e where poi_token is not null and kind in ${STOP_KINDS}
        union all
        select guide_token, language, ${factDay}, substr(fact, 3),
          ${flag(sql`substr(fact, 1, 2) = 's:'`)}, ${flag(sql`substr(fact, 1, 2) = 'p:'`)},
          0, 0, 0, 0, 0, 0, 0, 0, 0, 0${stopEntries.zeros}
        from insight_bulk_facts where substr(fact, 1, 2) in ('s:', 'p:')
      ) x
      group by guide_token, language, day, poi_token`.execute(trx);

    await sql`insert into insight_daily_challenges (guide_token, language, day, challenge_id,
        answers, correct)
      select guide_token, language, day, challenge_id, count(*),
        sum(${flag(sql`correct = 1`)})
      from ${EVENT_LANGUAGES} e
      where kind = 'challenge-answer' and challenge_id is not null
      group by guide_token, language, day, challenge_id`.execute(trx);
    await sql`drop table insight_bulk_facts`.execute(trx);
  });
}
