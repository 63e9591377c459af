import {
  GUIDE_ENTRIES,
  STOP_ENTRIES,
  isCompleted,
  type InsightEntry,
  type InsightKind,
  type InsightTrigger,
} from '@earshot/core';

/**
 * How events become roll-up deltas (docs/insights.md), kept pure so that the incremental path
 * (repository.ts) and the bench's bulk generator can be checked against each other.
 */

/** An event as it is stored: what the client sent, or what the answers service recorded. */
export type InsightRecord = {
  id: string;
  visit_id: string | null;
  guide_token: string;
  poi_token: string | null;
  /** Null only for a challenge answer whose language is unknown. */
  language: string | null;
  kind: InsightKind;
  trigger: InsightTrigger | null;
  /** Where it came from (core eventEntry): guide-open and stop-select only. */
  entry: InsightEntry | null;
  heard: number | null;
  challenge_id: number | null;
  /** 1 correct, 0 wrong, null not checked (a photo). */
  correct: number | null;
  day: string;
  hour: number;
};

/** The roll-ups' name for "every language". */
export const ALL_LANGUAGES = '*';

export type Fact = { guide_token: string; visit_id: string; language: string; fact: string };

const STOP_KINDS: readonly InsightKind[] = [
  'stop-select',
  'audio-start',
  'audio-heard',
  'stop-reach',
];

export const factKey = (f: Fact) => [f.guide_token, f.visit_id, f.language, f.fact].join('\u0000');

/** The roll-up languages an event counts in: its own and `*` (an unknown one: `*` only). */
export const languagesOf = (e: InsightRecord): string[] =>
  e.language ? [ALL_LANGUAGES, e.language] : [ALL_LANGUAGES];

/**
 * The distinct-visit facts an event may bring: `g` the visit, `l` it listened, `s:<stop>` it
 * was at the stop, `p:<stop>` it started the stop's audio — once per language it counts in.
 */
export function factsOf(e: InsightRecord): Fact[] {
  if (!e.visit_id) return [];
  const names = ['g'];
  if (e.kind === 'audio-start') names.push('l');
  if (e.poi_token && STOP_KINDS.includes(e.kind)) names.push(`s:${e.poi_token}`);
  if (e.poi_token && e.kind === 'audio-start') names.push(`p:${e.poi_token}`);
  const visit_id = e.visit_id;
  return languagesOf(e).flatMap((language) =>
    names.map((fact) => ({ guide_token: e.guide_token, visit_id, language, fact })),
  );
}

type Counts<K extends string> = Record<K, number>;
/** A roll-up's counters by entry (migration 0018), each at 0. */
const entryCounters = <E extends string>(entries: readonly E[]) =>
  Object.fromEntries(entries.map((e) => [`e_${e}`, 0])) as Record<`e_${E}`, number>;
const isOneOf = <E extends string>(entries: readonly E[], e: string | null): e is E =>
  e !== null && (entries as readonly string[]).includes(e);
export type DailyKey = { guide_token: string; language: string; day: string; hour: number };
export type StopKey = { guide_token: string; language: string; day: string; poi_token: string };
export type ChallengeKey = {
  guide_token: string;
  language: string;
  day: string;
  challenge_id: number;
};
export type DailyCounts = Counts<
  | 'visits'
  | 'listeners'
  | 'preloads'
  | 'shares'
  | 'answers'
  | 'correct'
  | 'heard_events'
  | 'completed'
  | 'reached'
  | `e_${(typeof GUIDE_ENTRIES)[number]}`
>;
export type StopCounts = Counts<
  | 'visits'
  | 'listeners'
  | 'starts'
  | 'completed'
  | 'heard_events'
  | 'heard_sum'
  | 'reached'
  | 't_tap'
  | 't_keypad'
  | 't_location'
  | 't_autoplay'
  | 't_link'
  | `e_${(typeof STOP_ENTRIES)[number]}`
>;
export type ChallengeCounts = Counts<'answers' | 'correct'>;

export type Deltas = {
  daily: (DailyKey & DailyCounts)[];
  stops: (StopKey & StopCounts)[];
  challenges: (ChallengeKey & ChallengeCounts)[];
};

const zeroDaily = (): DailyCounts => ({
  visits: 0,
  listeners: 0,
  preloads: 0,
  shares: 0,
  answers: 0,
  correct: 0,
  heard_events: 0,
  completed: 0,
  reached: 0,
  ...entryCounters(GUIDE_ENTRIES),
});
const zeroStop = (): StopCounts => ({
  visits: 0,
  listeners: 0,
  starts: 0,
  completed: 0,
  heard_events: 0,
  heard_sum: 0,
  reached: 0,
  t_tap: 0,
  t_keypad: 0,
  t_location: 0,
  t_autoplay: 0,
  t_link: 0,
  ...entryCounters(STOP_ENTRIES),
});

/** Events in the order their facts are attributed: the earliest local time first. */
export const chronological = (events: readonly InsightRecord[]): InsightRecord[] =>
  [...events].sort((a, b) =>
    a.day === b.day ? a.hour - b.hour || a.id.localeCompare(b.id) : a.day < b.day ? -1 : 1,
  );

/**
 * The roll-up deltas of newly stored events. `newFacts` holds the keys of the facts that were
 * not counted before (the dedupe table's inserts); each counts once, at the first event (in
 * `chronological` order) that brings it. Rows come sorted by key, so concurrent writers take
 * their row locks in one order.
 */
export function rollupDeltas(events: readonly InsightRecord[], newFacts: Set<string>): Deltas {
  const daily = new Map<string, DailyKey & DailyCounts>();
  const stops = new Map<string, StopKey & StopCounts>();
  const challenges = new Map<string, ChallengeKey & ChallengeCounts>();
  const pending = new Set(newFacts);
  const fresh = (f: Fact) => pending.delete(factKey(f));

  for (const e of chronological(events)) {
    const facts = factsOf(e);
    for (const language of languagesOf(e)) {
      const base = { guide_token: e.guide_token, language, day: e.day };
      const has = (name: string) =>
        facts.some((f) => f.language === language && f.fact === name && fresh(f));
      const dKey = [e.guide_token, language, e.day, e.hour].join('\u0000');
      const d = daily.get(dKey) ?? { ...base, hour: e.hour, ...zeroDaily() };
      daily.set(dKey, d);
      if (has('g')) d.visits++;
      if (has('l')) d.listeners++;
      if (e.kind === 'preload') d.preloads++;
      if (e.kind === 'guide-open' && isOneOf(GUIDE_ENTRIES, e.entry)) d[`e_${e.entry}`]++;
      if (e.kind === 'share') d.shares++;
      if (e.kind === 'stop-reach') d.reached++;
      if (e.kind === 'audio-heard' && e.heard !== null) {
        d.heard_events++;
        if (isCompleted(e.heard)) d.completed++;
      }
      if (e.kind === 'challenge-answer' && e.challenge_id !== null) {
        d.answers++;
        if (e.correct === 1) d.correct++;
        const cKey = [e.guide_token, language, e.day, e.challenge_id].join('\u0000');
        const c = challenges.get(cKey) ?? {
          ...base,
          challenge_id: e.challenge_id,
          answers: 0,
          correct: 0,
        };
        challenges.set(cKey, c);
        c.answers++;
        if (e.correct === 1) c.correct++;
      }
      if (e.poi_token && STOP_KINDS.includes(e.kind)) {
        const poi = e.poi_token;
        const sKey = [e.guide_token, language, e.day, poi].join('\u0000');
        const s = stops.get(sKey) ?? { ...base, poi_token: poi, ...zeroStop() };
        stops.set(sKey, s);
        if (has(`s:${poi}`)) s.visits++;
        if (has(`p:${poi}`)) s.listeners++;
        if (e.kind === 'audio-start') s.starts++;
        if (e.kind === 'stop-reach') s.reached++;
        if (e.kind === 'audio-heard' && e.heard !== null) {
          s.heard_events++;
          s.heard_sum += e.heard;
          if (isCompleted(e.heard)) s.completed++;
        }
        if ((e.kind === 'stop-select' || e.kind === 'audio-start') && e.trigger)
          s[`t_${e.trigger}`]++;
        if (e.kind === 'stop-select' && isOneOf(STOP_ENTRIES, e.entry)) s[`e_${e.entry}`]++;
      }
    }
  }
  const nonZero = <T extends object>(m: Map<string, T>, counters: (keyof T)[]) =>
    [...m.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row)
      .filter((row) => counters.some((c) => row[c] !== 0));
  return {
    daily: nonZero(daily, Object.keys(zeroDaily()) as (keyof DailyCounts)[]),
    stops: nonZero(stops, Object.keys(zeroStop()) as (keyof StopCounts)[]),
    challenges: nonZero(challenges, ['answers', 'correct']),
  };
}
