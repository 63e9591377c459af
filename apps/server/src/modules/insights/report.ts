import {
  GUIDE_ENTRIES,
  INSIGHT_OTHER_LANGUAGE,
  STOP_ENTRIES,
  completionPercent,
  daysFromTo,
  heardAverage,
  weekdayIndex,
  type InsightPeriod,
} from '@earshot/core';
import type { InsightsReportRepository, PeriodQuery } from './report-repository.js';

type Guide = {
  stops: { token: string; title: string; lat: number; lng: number }[];
  challenges: { id: number; title: string; poi_token: string | null }[];
};

/**
 * The report's languages: the guide's, then `other` when any figures are in a language the
 * guide does not have (`other` itself, or a language kept before languages were folded). For a
 * guide no longer published (`guide` null), the languages that have figures.
 */
export function reportLanguages(guide: string[] | null, seen: string[]): string[] {
  if (!guide) return [...seen].sort();
  return seen.some((l) => !guide.includes(l)) ? [...guide, INSIGHT_OTHER_LANGUAGE] : guide;
}

/** A count for each entry of `entries`. */
const byEntry = <E extends string>(entries: readonly E[], count: (e: E) => number) =>
  Object.fromEntries(entries.map((e) => [e, count(e)])) as Record<E, number>;

/** One period of the report: every figure a sum of the daily roll-ups over the range. */
export async function periodReport(
  repo: InsightsReportRepository,
  q: PeriodQuery,
  guide: Guide,
): Promise<InsightPeriod> {
  const [days, hours, stops, challenges] = await Promise.all([
    repo.byDay(q),
    repo.byHour(q),
    repo.byStop(q),
    repo.byChallenge(q),
  ]);
  const total = (k: keyof (typeof days)[number]) => days.reduce((n, d) => n + Number(d[k]), 0);
  const heardEvents = total('heard_events');
  const dayRows = new Map(days.map((d) => [d.day, d]));
  const hourly = Array<number>(24).fill(0);
  for (const h of hours) hourly[h.hour] = Number(h.visits);
  const weekdays = Array<number>(7).fill(0);
  for (const d of days) weekdays[weekdayIndex(d.day)]! += Number(d.visits);
  const stopRows = new Map(stops.map((s) => [s.poi_token, s]));
  const challengeRows = new Map(challenges.map((c) => [c.challenge_id, c]));

  return {
    totals: {
      visits: total('visits'),
      preloads: total('preloads'),
      listeners: total('listeners'),
      shares: total('shares'),
      answers: total('answers'),
      correct: total('correct'),
      reached_by_location: total('reached'),
      completion: completionPercent(total('completed'), heardEvents),
    },
    entries: byEntry(GUIDE_ENTRIES, (e) => total(`e_${e}`)),
    stops: guide.stops.map((s, i) => {
      const r = stopRows.get(s.token);
      const n = (v: number | undefined) => Number(v ?? 0);
      return {
        token: s.token,
        title: s.title,
        order: i + 1,
        lat: s.lat,
        lng: s.lng,
        visits: n(r?.visits),
        listeners: n(r?.listeners),
        starts: n(r?.starts),
        completed: n(r?.completed),
        heard_avg: heardAverage(n(r?.heard_sum), n(r?.heard_events)),
        reached: n(r?.reached),
        triggers: {
          tap: n(r?.t_tap),
          keypad: n(r?.t_keypad),
          location: n(r?.t_location),
          autoplay: n(r?.t_autoplay),
          link: n(r?.t_link),
        },
        entries: byEntry(STOP_ENTRIES, (e) => n(r?.[`e_${e}`])),
      };
    }),
    days: daysFromTo(q.from, q.to).map((day) => ({
      day,
      visits: Number(dayRows.get(day)?.visits ?? 0),
      listeners: Number(dayRows.get(day)?.listeners ?? 0),
    })),
    hours: hourly,
    weekdays,
    challenges: guide.challenges.map((c) => ({
      id: c.id,
      title: c.title,
      poi_token: c.poi_token,
      answers: Number(challengeRows.get(c.id)?.answers ?? 0),
      correct: Number(challengeRows.get(c.id)?.correct ?? 0),
    })),
  };
}
