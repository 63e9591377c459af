// After a load run: what the visitors sent, counted in the database (through the server's own
// database layer). Each answer and each first visit once, the badge points the visits earn,
// every play and insights event the server accepted: none lost, none duplicated.
import { badgeCountsPoi } from '@earshot/core';
import type { DbHandle } from '../apps/server/src/db/database.js';
import type { VisitorLedger } from './visitor-journey.js';

export type Tally = { expected: number; found: number; lost: number; duplicated: number };
export type LoadCheck = {
  accounts: Tally;
  answers: Tally;
  visits: Tally;
  /** Badge points summed over users and badges. */
  awardPoints: Tally;
  /** Award rows (one per user and badge that earned a point). */
  awards: Tally;
  plays: Tally;
  insightEvents: Tally;
};

/** Compares two multisets of keys: lost = expected but missing, duplicated = extra or repeated. */
function tally(expected: Map<string, number>, found: Map<string, number>): Tally {
  let lost = 0;
  let duplicated = 0;
  for (const [k, n] of expected) lost += Math.max(0, n - (found.get(k) ?? 0));
  for (const [k, n] of found) duplicated += Math.max(0, n - (expected.get(k) ?? 0));
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return { expected: sum(expected), found: sum(found), lost, duplicated };
}

const counted = (keys: string[]) => {
  const m = new Map<string, number>();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
};

export async function checkLedgers(
  handle: DbHandle,
  ledgers: VisitorLedger[],
  sent: Record<string, number>,
): Promise<LoadCheck> {
  const { db } = handle;
  const emails = ledgers.map((l) => l.email);
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', emails)
    .execute();
  const idOf = new Map(users.map((u) => [u.email, u.id]));
  const ids = users.length ? users.map((u) => u.id) : ['-'];
  const pois = await db
    .selectFrom('pois')
    .innerJoin('guides', 'guides.id', 'pois.guide_id')
    .leftJoin('layers', 'layers.id', 'pois.layer_id')
    .select([
      'pois.id as id',
      'pois.token as token',
      'pois.guide_id as guide_id',
      'guides.token as guide_token',
      'layers.token as layer_token',
    ])
    .execute();
  const poiByKey = new Map(pois.map((p) => [`${p.guide_token}/${p.token}`, p]));
  const badges = await db
    .selectFrom('badges')
    .select(['id', 'guide_id', 'visited_item', 'contest_type'])
    .execute();

  const answers = await db
    .selectFrom('user_answers')
    .select(['user_id', 'challenge_id'])
    .where('user_id', 'in', ids)
    .execute();
  const visits = await db
    .selectFrom('poi_visits')
    .select(['user_id', 'poi_id'])
    .where('user_id', 'in', ids)
    .execute();
  const awards = await db
    .selectFrom('awards')
    .select(['user_id', 'badge_id', 'points'])
    .where('user_id', 'in', ids)
    .execute();

  const wantAnswers: string[] = [];
  const wantVisits: string[] = [];
  const wantPoints: string[] = [];
  const wantAwards = new Set<string>();
  for (const l of ledgers) {
    const user = idOf.get(l.email) ?? `missing:${l.email}`;
    for (const c of l.answered) wantAnswers.push(`${user}/${c}`);
    for (const v of l.visited) {
      const poi = poiByKey.get(v);
      if (!poi) throw new Error(`The ledger names a POI the database does not hold: ${v}`);
      wantVisits.push(`${user}/${poi.id}`);
      const visited = { token: poi.token, layerToken: poi.layer_token ?? null };
      for (const b of badges)
        if (
          b.guide_id === poi.guide_id &&
          b.contest_type === 'badge' &&
          badgeCountsPoi(b.visited_item, visited)
        ) {
          wantPoints.push(`${user}/${b.id}`);
          wantAwards.add(`${user}/${b.id}`);
        }
    }
  }
  const [plays] = await db
    .selectFrom('tracking_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'poi-play')
    .execute();
  const [events] = await db
    .selectFrom('insight_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    // The server adds a challenge-answer event of its own for each new answer.
    .where('kind', '<>', 'challenge-answer')
    .execute();
  const one = (n: number | undefined, label: string) => counted(Array(n ?? 0).fill(label));
  return {
    accounts: tally(
      counted(ledgers.filter((l) => l.registered).map((l) => l.email)),
      counted(users.map((u) => u.email)),
    ),
    answers: tally(
      counted(wantAnswers),
      counted(answers.map((a) => `${a.user_id}/${a.challenge_id}`)),
    ),
    visits: tally(counted(wantVisits), counted(visits.map((v) => `${v.user_id}/${v.poi_id}`))),
    awardPoints: tally(
      counted(wantPoints),
      counted(
        awards.flatMap((a) => Array<string>(Number(a.points)).fill(`${a.user_id}/${a.badge_id}`)),
      ),
    ),
    awards: tally(
      counted([...wantAwards]),
      counted(awards.map((a) => `${a.user_id}/${a.badge_id}`)),
    ),
    plays: tally(one(sent.plays, 'play'), one(Number(plays?.n ?? 0), 'play')),
    insightEvents: tally(
      one(sent['insights events'], 'event'),
      one(Number(events?.n ?? 0), 'event'),
    ),
  };
}
