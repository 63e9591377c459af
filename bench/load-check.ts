// After a load run: what the visitors sent, counted in the database (through the server's own
// database layer). Each answer and each first visit once, the badge points the visits earn,
// every play and insights event the server accepted: none lost, none duplicated.
import { badgeCountsPoi } from '@earshot/core';
import type { DbHandle } from '../apps/server/src/db/database.js';
import type { VisitorLedger } from './visitor-journey.js';

export type Tally = {
  expected: number;
  found: number;
  lost: number;
  duplicated: number;
  /** Writes that got no answer (errors already): found or not, neither lost nor duplicated. */
  inDoubt: number;
};
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

/**
 * Compares multisets of keys: lost = expected but missing, duplicated = found beyond what was
 * expected and what may have been stored without an answer (`doubt`).
 */
function tally(
  expected: Map<string, number>,
  found: Map<string, number>,
  doubt: Map<string, number> = new Map(),
): Tally {
  let lost = 0;
  let duplicated = 0;
  for (const [k, n] of expected) lost += Math.max(0, n - (found.get(k) ?? 0));
  for (const [k, n] of found)
    duplicated += Math.max(0, n - (expected.get(k) ?? 0) - (doubt.get(k) ?? 0));
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return { expected: sum(expected), found: sum(found), lost, duplicated, inDoubt: sum(doubt) };
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

  const want = { answers: [] as string[], visits: [] as string[], points: [] as string[] };
  const doubt = { answers: [] as string[], visits: [] as string[], points: [] as string[] };
  const wantAwards = new Set<string>();
  const doubtAwards = new Set<string>();
  /** A visit: the POI's row, and a point for each badge of its guide that counts it. */
  const visit = (user: string, key: string, into: typeof want, awards: Set<string>) => {
    const poi = poiByKey.get(key);
    if (!poi) throw new Error(`The ledger names a POI the database does not hold: ${key}`);
    into.visits.push(`${user}/${poi.id}`);
    const visited = { token: poi.token, layerToken: poi.layer_token ?? null };
    for (const b of badges)
      if (
        b.guide_id === poi.guide_id &&
        b.contest_type === 'badge' &&
        badgeCountsPoi(b.visited_item, visited)
      ) {
        into.points.push(`${user}/${b.id}`);
        awards.add(`${user}/${b.id}`);
      }
  };
  for (const l of ledgers) {
    const user = idOf.get(l.email) ?? `missing:${l.email}`;
    for (const c of l.answered) want.answers.push(`${user}/${c}`);
    for (const c of l.inDoubt.answered) doubt.answers.push(`${user}/${c}`);
    for (const v of l.visited) visit(user, v, want, wantAwards);
    for (const v of l.inDoubt.visited.filter((x) => !l.visited.includes(x)))
      visit(user, v, doubt, doubtAwards);
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
      counted(ledgers.filter((l) => !l.registered && l.inDoubt.registered).map((l) => l.email)),
    ),
    answers: tally(
      counted(want.answers),
      counted(answers.map((a) => `${a.user_id}/${a.challenge_id}`)),
      counted(doubt.answers),
    ),
    visits: tally(
      counted(want.visits),
      counted(visits.map((v) => `${v.user_id}/${v.poi_id}`)),
      counted(doubt.visits),
    ),
    awardPoints: tally(
      counted(want.points),
      counted(
        awards.flatMap((a) => Array<string>(Number(a.points)).fill(`${a.user_id}/${a.badge_id}`)),
      ),
      counted(doubt.points),
    ),
    awards: tally(
      counted([...wantAwards]),
      counted(awards.map((a) => `${a.user_id}/${a.badge_id}`)),
      counted([...doubtAwards].filter((k) => !wantAwards.has(k))),
    ),
    plays: tally(
      one(sent.plays, 'play'),
      one(Number(plays?.n ?? 0), 'play'),
      one(sent['plays in doubt'], 'play'),
    ),
    insightEvents: tally(
      one(sent['insights events'], 'event'),
      one(Number(events?.n ?? 0), 'event'),
      one(sent['insights events in doubt'], 'event'),
    ),
  };
}
