import { useMemo } from 'react';
import {
  ENTRY_AXIS_LABELS,
  ENTRY_LABELS,
  ENTRY_UNKNOWN_LABEL,
  GUIDE_ENTRIES,
  INSIGHT_TRIGGERS,
  STOP_ENTRIES,
  TRIGGER_LABELS,
  WEEKDAYS,
  attentionSummary,
  csvFileName,
  attentionTable,
  challengesSummary,
  challengesTable,
  daysSummary,
  daysTable,
  dropOffSummary,
  dropOffTable,
  entriesSummary,
  entriesTable,
  hoursSummary,
  hoursTable,
  listenersSummary,
  listenersTable,
  stopEntriesSummary,
  stopEntriesTable,
  stopEntryTotals,
  triggerTotals,
  triggersSummary,
  triggersTable,
  weekdaysSummary,
  visitEntryCounts,
  weekdaysTable,
  type InsightEntry,
} from '@earshot/core';
import type { InsightsReport } from './insights-api';
import { AttentionLegend, AttentionMap } from './attention-map';
import { ChartCard } from './chart-card';
import { UplotChart, type ChartSpec } from './uplot-chart';
import styles from './insights.module.css';

const shortDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString('en', { day: 'numeric', month: 'short' });
};

/** What each chart draws, from the report: made once per report, so charts redraw only then. */
function specs(report: InsightsReport) {
  const p = report.current;
  // Figures by entry, this period's beside the previous one's.
  const beside = (
    axis: string,
    entries: readonly InsightEntry[],
    of: (p: InsightsReport['current']) => number[],
    unknown?: string,
  ): ChartSpec => ({
    kind: 'bars',
    axis,
    labels: [...entries.map((e) => ENTRY_AXIS_LABELS[e]), ...(unknown ? ['Unknown'] : [])],
    names: [...entries.map((e) => ENTRY_LABELS[e]), ...(unknown ? [unknown] : [])],
    series: [
      { label: 'This period', values: of(p), tone: 1 },
      { label: 'Previous period', values: of(report.previous), tone: 2 },
    ],
    // Six short labels side by side on a phone's card.
    labelWidth: 46,
  });
  const stopNumbers = p.stops.map((s) => String(s.order));
  const stopNames = p.stops.map((s) => `${s.order}. ${s.title}`);
  const days = daysTable(p, report.range.from, report.range.to).rows;
  const bars = (axis: string, labels: string[], values: number[], names?: string[]): ChartSpec => ({
    kind: 'bars',
    axis,
    labels,
    names,
    series: [{ label: 'Visits', values, tone: 1 }],
  });
  return {
    dropOff: bars(
      'Stop',
      stopNumbers,
      p.stops.map((s) => s.visits),
      stopNames,
    ),
    listeners: {
      kind: 'bars',
      axis: 'Stop',
      labels: stopNumbers,
      names: stopNames,
      series: [
        { label: 'Listeners', values: p.stops.map((s) => s.listeners), tone: 1 },
        { label: 'Completed', values: p.stops.map((s) => s.completed), tone: 2 },
      ],
    } satisfies ChartSpec,
    triggers: {
      ...bars(
        'Started by',
        INSIGHT_TRIGGERS.map((t) => TRIGGER_LABELS[t]),
        triggerTotals(p),
      ),
      series: [{ label: 'Starts', values: triggerTotals(p), tone: 1 }],
      labelWidth: 56,
    } satisfies ChartSpec,
    entries: beside('Came from', GUIDE_ENTRIES, visitEntryCounts, ENTRY_UNKNOWN_LABEL),
    stopEntries: beside('Opened from', STOP_ENTRIES, stopEntryTotals),
    hours: {
      ...bars(
        'Hour',
        Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')),
        p.hours,
      ),
      labelWidth: 26,
    },
    weekdays: {
      ...bars(
        'Weekday',
        WEEKDAYS.map((d) => d.slice(0, 3)),
        p.weekdays,
        [...WEEKDAYS],
      ),
    },
    days: {
      kind: days.length > 1 ? 'line' : 'bars',
      axis: 'Day',
      labels: days.map((r) => shortDay(r[0] as string)),
      names: days.map((r) => r[0] as string),
      series: [
        { label: 'Visits', values: days.map((r) => r[1] as number), tone: 1 },
        { label: 'Listeners', values: days.map((r) => r[2] as number), tone: 2 },
      ],
      labelWidth: 60,
    } satisfies ChartSpec,
    challenges: {
      kind: 'bars',
      axis: 'Challenge',
      labels: p.challenges.map((_, i) => String(i + 1)),
      names: p.challenges.map((c) => c.title),
      series: [
        { label: 'Answers', values: p.challenges.map((c) => c.answers), tone: 1 },
        { label: 'Correct', values: p.challenges.map((c) => c.correct), tone: 2 },
      ],
    } satisfies ChartSpec,
  };
}

/** Every chart of the dashboard, each with its table and CSV, for the report's period. */
export function InsightsCharts({ report, mapType }: { report: InsightsReport; mapType?: string }) {
  const p = report.current;
  const s = useMemo(() => specs(report), [report]);
  const { from, to } = report.range;
  const file = (what: string) => csvFileName(report.guide.token, what, from, to);
  return (
    <div className={styles.charts}>
      <ChartCard
        wide
        title="Drop-off along the route"
        summary={dropOffSummary(p)}
        table={dropOffTable(p)}
        file={file('drop-off')}
      >
        <UplotChart spec={s.dropOff} />
      </ChartCard>
      <ChartCard
        title="Listeners and completion per stop"
        summary={listenersSummary(p)}
        table={listenersTable(p)}
        file={file('listeners')}
      >
        <UplotChart spec={s.listeners} />
      </ChartCard>
      <ChartCard
        title="How stops are started"
        summary={triggersSummary(p)}
        table={triggersTable(p)}
        file={file('starts')}
      >
        <UplotChart spec={s.triggers} />
      </ChartCard>
      <ChartCard
        title="Where visitors came from"
        summary={entriesSummary(p, report.previous)}
        table={entriesTable(p, report.previous)}
        file={file('entries')}
      >
        <UplotChart spec={s.entries} />
      </ChartCard>
      <ChartCard
        title="Where stops were opened from"
        summary={stopEntriesSummary(p)}
        table={stopEntriesTable(p, report.previous)}
        file={file('stop-entries')}
      >
        <UplotChart spec={s.stopEntries} />
      </ChartCard>
      <ChartCard
        wide
        title="Visits per day"
        summary={daysSummary(p, from, to)}
        table={daysTable(p, from, to)}
        file={file('days')}
      >
        <UplotChart spec={s.days} />
      </ChartCard>
      <ChartCard
        title="Hours of the day"
        summary={hoursSummary(p)}
        table={hoursTable(p)}
        file={file('hours')}
      >
        <UplotChart spec={s.hours} />
      </ChartCard>
      <ChartCard
        title="Weekdays"
        summary={weekdaysSummary(p)}
        table={weekdaysTable(p)}
        file={file('weekdays')}
      >
        <UplotChart spec={s.weekdays} />
      </ChartCard>
      <ChartCard
        wide
        title="Stops by attention"
        summary={attentionSummary(p)}
        table={attentionTable(p)}
        file={file('attention')}
      >
        <AttentionMap stops={p.stops} mapType={mapType} />
        <AttentionLegend />
      </ChartCard>
      <ChartCard
        wide
        title="Challenge answers"
        summary={challengesSummary(p)}
        table={challengesTable(p)}
        file={file('challenges')}
      >
        {p.challenges.length ? <UplotChart spec={s.challenges} /> : null}
      </ChartCard>
    </div>
  );
}
