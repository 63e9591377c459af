import type { CsvCell } from '../util/csv.js';
import { daysFromTo } from './insights-days.js';
import type { InsightPeriod } from './insights.js';
import { INSIGHT_TRIGGERS, type InsightTrigger } from './insight-entry.js';
import { figureChange, percentOf, type FigureChange } from './insights-range.js';

/**
 * The dashboard's figures and tables from the report of `GET studio/guides/{token}/insights`
 * (docs/insights.md). Every chart draws one of these tables; the same table is its screen
 * reader view and its CSV download, so what is drawn, read and downloaded is the same.
 * The report's shapes are core's (`insightsReportSchema`).
 */

export const TRIGGER_LABELS: Record<InsightTrigger, string> = {
  tap: 'Tap',
  keypad: 'Keypad',
  location: 'Location',
  autoplay: 'Autoplay',
  link: 'Link',
};
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export interface InsightsTable {
  columns: string[];
  rows: CsvCell[][];
}

/** The CSV of a table: its columns, then its rows. */
export const tableRows = (t: InsightsTable): CsvCell[][] => [t.columns, ...t.rows];

export interface Figure {
  key: string;
  label: string;
  value: number;
  previous: number;
  /** How the value is shown: a count, or a percentage. */
  kind: 'count' | 'percent';
  change: FigureChange;
  /** A second line under the figure (the share of correct answers). */
  note?: string;
}

function figure(
  key: string,
  label: string,
  value: number,
  previous: number,
  kind: 'count' | 'percent' = 'count',
  note?: string,
): Figure {
  return { key, label, value, previous, kind, change: figureChange(value, previous, kind), note };
}

/** The headline figures, each with the previous period's beside it. */
export function insightsFigures(current: InsightPeriod, previous: InsightPeriod): Figure[] {
  const c = current.totals;
  const p = previous.totals;
  const correct = percentOf(c.correct, c.answers);
  return [
    figure('visits', 'Visits', c.visits, p.visits),
    figure('listeners', 'Listeners', c.listeners, p.listeners),
    figure('completion', 'Completion', c.completion, p.completion, 'percent'),
    figure('preloads', 'Saved for offline', c.preloads, p.preloads),
    figure('reached', 'Reached by location', c.reached_by_location, p.reached_by_location),
    figure('shares', 'Shares', c.shares, p.shares),
    figure(
      'answers',
      'Challenge answers',
      c.answers,
      p.answers,
      'count',
      c.answers ? `${correct}% correct` : undefined,
    ),
  ];
}

/** Whether a period has nothing to show (no visit and no answer in it). */
export const isEmptyPeriod = (p: InsightPeriod): boolean =>
  p.totals.visits === 0 && p.totals.answers === 0 && p.totals.preloads === 0;

/** Visits reaching each stop in the guide's order: the drop-off along the route. */
export function dropOffTable(p: InsightPeriod): InsightsTable {
  return {
    columns: ['Order', 'Stop', 'Visits', 'Share of visits (%)'],
    rows: p.stops.map((s) => [s.order, s.title, s.visits, percentOf(s.visits, p.totals.visits)]),
  };
}

/** Listeners, audio starts, completed listens and the share heard, per stop. */
export function listenersTable(p: InsightPeriod): InsightsTable {
  return {
    columns: ['Order', 'Stop', 'Listeners', 'Audio starts', 'Completed', 'Heard on average (%)'],
    rows: p.stops.map((s) => [
      s.order,
      s.title,
      s.listeners,
      s.starts,
      s.completed,
      Math.round(s.heard_avg),
    ]),
  };
}

/** How stops were started (selections and audio starts by trigger), per stop and in total. */
export function triggersTable(p: InsightPeriod): InsightsTable {
  const total = INSIGHT_TRIGGERS.map((t) => p.stops.reduce((n, s) => n + s.triggers[t], 0));
  return {
    columns: ['Order', 'Stop', ...INSIGHT_TRIGGERS.map((t) => TRIGGER_LABELS[t])],
    rows: [
      ...p.stops.map((s) => [s.order, s.title, ...INSIGHT_TRIGGERS.map((t) => s.triggers[t])]),
      ['', 'All stops', ...total],
    ],
  };
}

/** Starts by trigger over all stops, in `INSIGHT_TRIGGERS` order. */
export const triggerTotals = (p: InsightPeriod): number[] =>
  INSIGHT_TRIGGERS.map((t) => p.stops.reduce((n, s) => n + s.triggers[t], 0));

/** `14:00`: an hour of the day as a table and a sentence name it. */
export const hourName = (h: number) => `${String(h).padStart(2, '0')}:00`;

export function hoursTable(p: InsightPeriod): InsightsTable {
  return {
    columns: ['Hour', 'Visits'],
    rows: Array.from({ length: 24 }, (_, h) => [hourName(h), p.hours[h] ?? 0]),
  };
}

export function weekdaysTable(p: InsightPeriod): InsightsTable {
  return { columns: ['Weekday', 'Visits'], rows: WEEKDAYS.map((d, i) => [d, p.weekdays[i] ?? 0]) };
}

/** Visits and listeners on every day of the range (a day without any is 0). */
export function daysTable(p: InsightPeriod, from: string, to: string): InsightsTable {
  const byDay = new Map(p.days.map((d) => [d.day, d]));
  return {
    columns: ['Day', 'Visits', 'Listeners'],
    rows: daysFromTo(from, to).map((day) => {
      const d = byDay.get(day);
      return [day, d?.visits ?? 0, d?.listeners ?? 0];
    }),
  };
}

/** Attention 0–4 of a stop: its visits against the busiest stop's (0: none at all). */
export function attentionLevel(visits: number, most: number): 0 | 1 | 2 | 3 | 4 {
  if (visits <= 0 || most <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((visits / most) * 4))) as 1 | 2 | 3 | 4;
}
export const ATTENTION_LABELS = ['None', 'Low', 'Some', 'High', 'Highest'] as const;

export function attentionTable(p: InsightPeriod): InsightsTable {
  const most = Math.max(0, ...p.stops.map((s) => s.visits));
  return {
    columns: [
      'Order',
      'Stop',
      'Visits',
      'Listeners',
      'Reached by location',
      'Attention',
      'Latitude',
      'Longitude',
    ],
    rows: p.stops.map((s) => [
      s.order,
      s.title,
      s.visits,
      s.listeners,
      s.reached,
      ATTENTION_LABELS[attentionLevel(s.visits, most)],
      s.lat,
      s.lng,
    ]),
  };
}

export function challengesTable(p: InsightPeriod): InsightsTable {
  const stops = new Map(p.stops.map((s) => [s.token, s.title]));
  return {
    columns: ['Challenge', 'Stop', 'Answers', 'Correct', 'Share correct (%)'],
    rows: p.challenges.map((c) => [
      c.title,
      (c.poi_token && stops.get(c.poi_token)) ?? '',
      c.answers,
      c.correct,
      percentOf(c.correct, c.answers),
    ]),
  };
}
