import {
  INSIGHT_REFUSAL_REASONS,
  type InsightPeriod,
  type InsightRefusalReason,
  type InsightRefused,
  type InsightStop,
} from './insights.js';
import { TRIGGER_LABELS, WEEKDAYS, daysTable, hourName, triggerTotals } from './insights-tables.js';
import { percentOf } from './insights-range.js';
import { INSIGHT_TRIGGERS } from './insight-entry.js';

// The one sentence under each of the dashboard's charts that says what it shows.

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Shares of `counts` as "tap 50%, keypad 25%", the largest first (zeros left out). */
export function sharesText(labels: readonly string[], counts: readonly number[]): string {
  const all = counts.reduce((a, b) => a + b, 0);
  return counts
    .map((n, i) => [labels[i]!, n] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([label, n]) => `${label.toLowerCase()} ${percentOf(n, all)}%`)
    .join(', ');
}
const stopName = (s: InsightStop) => `${s.order}. ${s.title}`;

export function dropOffSummary(p: InsightPeriod): string {
  const first = p.stops[0];
  const last = p.stops[p.stops.length - 1];
  if (!first || !last) return 'The guide has no stops.';
  const of = `Of ${plural(p.totals.visits, 'visit')}, `;
  if (first === last) return `${of}${first.visits} reached its one stop, ${first.title}.`;
  return `${of}${first.visits} reached the first stop (${first.title}) and ${last.visits} the last (${stopName(last)}).`;
}

export function listenersSummary(p: InsightPeriod): string {
  const top = [...p.stops].sort((a, b) => b.listeners - a.listeners || a.order - b.order)[0];
  const base = `${plural(p.totals.listeners, 'visit')} listened to audio; ${p.totals.completion}% of listens were heard to the end.`;
  return top && top.listeners > 0
    ? `${base} Most listened: ${stopName(top)} (${plural(top.listeners, 'listener')}).`
    : base;
}

export function triggersSummary(p: InsightPeriod): string {
  const totals = triggerTotals(p);
  const all = totals.reduce((a, b) => a + b, 0);
  if (!all) return 'No stop was started in this period.';
  const labels = INSIGHT_TRIGGERS.map((t) => TRIGGER_LABELS[t]);
  return `${plural(all, 'start')}: ${sharesText(labels, totals)}.`;
}

/** The busiest entry of a list of counts, or null when all are 0. */
function busiest(counts: number[]): number | null {
  let best = -1;
  counts.forEach((n, i) => {
    if (n > 0 && (best < 0 || n > counts[best]!)) best = i;
  });
  return best < 0 ? null : best;
}

export function hoursSummary(p: InsightPeriod): string {
  const h = busiest(p.hours);
  return h === null
    ? 'No visits by hour in this period.'
    : `The busiest hour is ${hourName(h)}–${hourName((h + 1) % 24)}, with ${plural(p.hours[h]!, 'visit')}.`;
}

export function weekdaysSummary(p: InsightPeriod): string {
  const d = busiest(p.weekdays);
  return d === null
    ? 'No visits by weekday in this period.'
    : `The busiest weekday is ${WEEKDAYS[d]}, with ${plural(p.weekdays[d]!, 'visit')}.`;
}

export function daysSummary(p: InsightPeriod, from: string, to: string): string {
  const rows = daysTable(p, from, to).rows;
  const best = busiest(rows.map((r) => r[1] as number));
  const active = rows.filter((r) => (r[1] as number) > 0).length;
  return best === null
    ? 'No visits on any day of this period.'
    : `Visits on ${plural(active, 'day')} of ${rows.length}; the busiest was ${rows[best]![0]} with ${plural(rows[best]![1] as number, 'visit')}.`;
}

export function attentionSummary(p: InsightPeriod): string {
  const seen = p.stops.filter((s) => s.visits > 0).length;
  const top = [...p.stops].sort((a, b) => b.visits - a.visits || a.order - b.order)[0];
  if (!top || !seen) return 'No stop had a visit in this period.';
  return `${seen} of ${plural(p.stops.length, 'stop')} had visits; the most: ${stopName(top)} (${plural(top.visits, 'visit')}).`;
}

export function challengesSummary(p: InsightPeriod): string {
  const { answers, correct } = p.totals;
  if (!p.challenges.length) return 'The guide has no challenges.';
  if (!answers) return 'No challenge was answered in this period.';
  return `${plural(answers, 'answer')} to ${plural(p.challenges.length, 'challenge')}; ${percentOf(correct, answers)}% correct.`;
}

/** How the refused line names each reason, after its count. */
const REFUSAL_PHRASES: Record<InsightRefusalReason, string> = {
  bad_token: 'not from a visit opened in the app',
  over_limit: 'beyond the limit of one visit',
  unknown_stop: 'for a stop not in the guide',
  out_of_range: 'dated outside the days accepted',
};

/**
 * The dashboard's line on refused events (docs/insights.md, "Refused events are counted for the
 * publisher"): how many arrived in the period and were not counted, and why; null when none was
 * refused.
 */
export function refusedSummary(r: InsightRefused): string | null {
  if (!r.total) return null;
  const parts = INSIGHT_REFUSAL_REASONS.filter((k) => r[k] > 0).map(
    (k) => `${r[k].toLocaleString('en')} ${REFUSAL_PHRASES[k]}`,
  );
  const n = r.total.toLocaleString('en');
  return `Not counted: ${n} ${r.total === 1 ? 'event' : 'events'} received in this period (${parts.join(', ')}). The figures here leave ${r.total === 1 ? 'it' : 'them'} out.`;
}
