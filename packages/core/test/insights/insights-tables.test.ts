import { describe, expect, it } from 'vitest';
import {
  attentionLevel,
  attentionSummary,
  attentionTable,
  challengesSummary,
  challengesTable,
  daysSummary,
  daysTable,
  dropOffSummary,
  dropOffTable,
  hoursSummary,
  hoursTable,
  insightsFigures,
  isEmptyPeriod,
  listenersSummary,
  listenersTable,
  entriesSummary,
  entriesTable,
  stopEntriesSummary,
  stopEntriesTable,
  tableRows,
  toCsv,
  triggersSummary,
  triggersTable,
  weekdaysSummary,
  weekdaysTable,
  type InsightPeriod,
  type InsightStop,
} from '../../src/index.js';

const none = { tap: 0, keypad: 0, location: 0, autoplay: 0, link: 0 };
const stop = (order: number, title: string, more: Partial<InsightStop> = {}): InsightStop => ({
  token: `s${order}`,
  title,
  order,
  lat: 45.5 + order / 1000,
  lng: -122.6,
  visits: 0,
  listeners: 0,
  starts: 0,
  completed: 0,
  heard_avg: 0,
  reached: 0,
  triggers: { ...none },
  entries: { sign: 0, link: 0, keypad: 0, location: 0, guide: 0 },
  ...more,
});

const empty = (): InsightPeriod => ({
  totals: {
    visits: 0,
    preloads: 0,
    listeners: 0,
    shares: 0,
    answers: 0,
    correct: 0,
    reached_by_location: 0,
    completion: 0,
  },
  entries: { sign: 0, link: 0, list: 0, search: 0, map: 0 },
  stops: [stop(1, 'Gate'), stop(2, 'Mill'), stop(3, 'Bridge')],
  days: [],
  hours: Array<number>(24).fill(0),
  weekdays: Array<number>(7).fill(0),
  challenges: [],
});

/** A period as the contract's example shapes it: 4 visits along three stops. */
const busy = (): InsightPeriod => ({
  totals: {
    visits: 4,
    preloads: 1,
    listeners: 3,
    shares: 2,
    answers: 3,
    correct: 2,
    reached_by_location: 1,
    completion: 50,
  },
  entries: { sign: 2, link: 1, list: 0, search: 1, map: 0 },
  stops: [
    stop(1, 'Gate', {
      visits: 4,
      listeners: 3,
      starts: 4,
      completed: 2,
      heard_avg: 72.4,
      triggers: { tap: 3, keypad: 1, location: 0, autoplay: 1, link: 0 },
      entries: { sign: 0, link: 0, keypad: 1, location: 0, guide: 3 },
    }),
    stop(2, 'Mill, old', {
      visits: 2,
      listeners: 1,
      starts: 1,
      completed: 0,
      heard_avg: 30,
      reached: 1,
      triggers: { tap: 0, keypad: 0, location: 1, autoplay: 1, link: 0 },
      entries: { sign: 0, link: 0, keypad: 0, location: 1, guide: 0 },
    }),
    stop(3, '=Bridge', {
      visits: 1,
      triggers: { ...none, link: 1 },
      entries: { sign: 1, link: 0, keypad: 0, location: 0, guide: 0 },
    }),
  ],
  days: [
    { day: '2026-11-20', visits: 1, listeners: 1 },
    { day: '2026-11-22', visits: 3, listeners: 2 },
  ],
  hours: Array.from({ length: 24 }, (_, h) => (h === 14 ? 3 : h === 9 ? 1 : 0)),
  weekdays: [0, 0, 0, 0, 1, 0, 3],
  challenges: [
    { id: 7, title: 'Which year?', poi_token: 's2', answers: 3, correct: 2 },
    { id: 8, title: 'A photo', poi_token: null, answers: 0, correct: 0 },
  ],
});

describe('insightsFigures', () => {
  it('puts each figure beside the previous period', () => {
    const previous = empty();
    previous.totals = { ...previous.totals, visits: 2, listeners: 3, completion: 60, shares: 2 };
    const figures = insightsFigures(busy().valueOf() as InsightPeriod, previous);
    expect(figures.map((f) => [f.key, f.value, f.previous, f.change.text, f.note])).toEqual([
      ['visits', 4, 2, '+100%', undefined],
      ['listeners', 3, 3, 'No change', undefined],
      ['completion', 50, 60, '\u221210 pts', undefined],
      ['preloads', 1, 0, 'New', undefined],
      ['reached', 1, 0, 'New', undefined],
      ['shares', 2, 2, 'No change', undefined],
      ['answers', 3, 0, 'New', '67% correct'],
    ]);
  });
  it('has no correct share without answers', () =>
    expect(insightsFigures(empty(), empty()).at(-1)?.note).toBeUndefined());
});

describe('isEmptyPeriod', () => {
  it.each<[string, (p: InsightPeriod) => void, boolean]>([
    ['nothing', () => {}, true],
    ['a visit', (p) => (p.totals.visits = 1), false],
    ['an answer only', (p) => (p.totals.answers = 1), false],
    ['a preload only', (p) => (p.totals.preloads = 1), false],
    ['a share only is still empty', (p) => (p.totals.shares = 1), true],
  ])('%s', (_n, change, out) => {
    const p = empty();
    change(p);
    expect(isEmptyPeriod(p)).toBe(out);
  });
});

describe('tables', () => {
  const p = busy();
  it('drop-off: visits per stop in order, with their share of all visits', () =>
    expect(dropOffTable(p)).toEqual({
      columns: ['Order', 'Stop', 'Visits', 'Share of visits (%)'],
      rows: [
        [1, 'Gate', 4, 100],
        [2, 'Mill, old', 2, 50],
        [3, '=Bridge', 1, 25],
      ],
    }));
  it('listeners per stop, the share heard rounded', () =>
    expect(listenersTable(p).rows).toEqual([
      [1, 'Gate', 3, 4, 2, 72],
      [2, 'Mill, old', 1, 1, 0, 30],
      [3, '=Bridge', 0, 0, 0, 0],
    ]));
  it('triggers per stop and in total', () =>
    expect(triggersTable(p)).toEqual({
      columns: ['Order', 'Stop', 'Tap', 'Keypad', 'Location', 'Autoplay', 'Link'],
      rows: [
        [1, 'Gate', 3, 1, 0, 1, 0],
        [2, 'Mill, old', 0, 0, 1, 1, 0],
        [3, '=Bridge', 0, 0, 0, 0, 1],
        ['', 'All stops', 3, 1, 1, 2, 1],
      ],
    }));
  it('hours: 24 rows', () => {
    const rows = hoursTable(p).rows;
    expect(rows).toHaveLength(24);
    expect(rows[0]).toEqual(['00:00', 0]);
    expect(rows[14]).toEqual(['14:00', 3]);
  });
  it('weekdays: Monday first', () =>
    expect(weekdaysTable(p).rows.map((r) => r.join(' '))).toEqual([
      'Monday 0',
      'Tuesday 0',
      'Wednesday 0',
      'Thursday 0',
      'Friday 1',
      'Saturday 0',
      'Sunday 3',
    ]));
  it('days: every day of the range, missing ones 0', () =>
    expect(daysTable(p, '2026-11-19', '2026-11-22').rows).toEqual([
      ['2026-11-19', 0, 0],
      ['2026-11-20', 1, 1],
      ['2026-11-21', 0, 0],
      ['2026-11-22', 3, 2],
    ]));
  it('attention: levels against the busiest stop, reached by location, the place', () =>
    expect(attentionTable(p).rows.map((r) => r.slice(0, 6))).toEqual([
      [1, 'Gate', 4, 3, 0, 'Highest'],
      [2, 'Mill, old', 2, 1, 1, 'Some'],
      [3, '=Bridge', 1, 0, 0, 'Low'],
    ]));
  it('challenges with their stop and share correct', () =>
    expect(challengesTable(p).rows).toEqual([
      ['Which year?', 'Mill, old', 3, 2, 67],
      ['A photo', '', 0, 0, 0],
    ]));
  it('a table becomes a safe CSV', () =>
    expect(toCsv(tableRows(dropOffTable(p)))).toBe(
      'Order,Stop,Visits,Share of visits (%)\r\n1,Gate,4,100\r\n2,"Mill, old",2,50\r\n3,\'=Bridge,1,25\r\n',
    ));
});

describe('attentionLevel', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [3, 10, 2],
    [5, 10, 2],
    [6, 10, 3],
    [10, 10, 4],
    [4, 0, 0],
  ])('%i of %i → %i', (v, most, out) => expect(attentionLevel(v, most)).toBe(out));
});

describe('summaries', () => {
  const p = busy();
  const e = empty();
  it.each<[string, string, string]>([
    [
      'drop-off',
      dropOffSummary(p),
      'Of 4 visits, 4 reached the first stop (Gate) and 1 the last (3. =Bridge).',
    ],
    [
      'drop-off, empty',
      dropOffSummary(e),
      'Of 0 visits, 0 reached the first stop (Gate) and 0 the last (3. Bridge).',
    ],
    [
      'listeners',
      listenersSummary(p),
      '3 visits listened to audio; 50% of listens were heard to the end. Most listened: 1. Gate (3 listeners).',
    ],
    [
      'listeners, empty',
      listenersSummary(e),
      '0 visits listened to audio; 0% of listens were heard to the end.',
    ],
    [
      'triggers',
      triggersSummary(p),
      '8 starts: tap 38%, autoplay 25%, keypad 13%, location 13%, link 13%.',
    ],
    ['triggers, empty', triggersSummary(e), 'No stop was started in this period.'],
    ['hours', hoursSummary(p), 'The busiest hour is 14:00–15:00, with 3 visits.'],
    ['hours, empty', hoursSummary(e), 'No visits by hour in this period.'],
    ['weekdays', weekdaysSummary(p), 'The busiest weekday is Sunday, with 3 visits.'],
    [
      'days',
      daysSummary(p, '2026-11-19', '2026-11-22'),
      'Visits on 2 days of 4; the busiest was 2026-11-22 with 3 visits.',
    ],
    [
      'days, empty',
      daysSummary(e, '2026-11-19', '2026-11-19'),
      'No visits on any day of this period.',
    ],
    ['attention', attentionSummary(p), '3 of 3 stops had visits; the most: 1. Gate (4 visits).'],
    ['attention, empty', attentionSummary(e), 'No stop had a visit in this period.'],
    ['challenges', challengesSummary(p), '3 answers to 2 challenges; 67% correct.'],
    [
      'challenges, none answered',
      challengesSummary({ ...e, challenges: p.challenges }),
      'No challenge was answered in this period.',
    ],
    ['no challenges', challengesSummary(e), 'The guide has no challenges.'],
  ])('%s', (_n, got, want) => expect(got).toBe(want));
  it('a guide of one stop', () =>
    expect(dropOffSummary({ ...p, stops: p.stops.slice(0, 1) })).toBe(
      'Of 4 visits, 4 reached its one stop, Gate.',
    ));
});

describe('where visitors came from', () => {
  it('counts visits by entry beside the previous period, the rest as not known', () => {
    const previous = empty();
    previous.totals.visits = 5;
    previous.entries = { sign: 1, link: 2, list: 1, search: 0, map: 0 };
    expect(tableRows(entriesTable(busy(), previous))).toEqual([
      ['Came from', 'Visits', 'Previous period', 'Change'],
      ['Sign', 2, 1, '+100%'],
      ['Shared link', 1, 2, '\u221250%'],
      ['Guide lists', 0, 1, '\u2212100%'],
      ['Search', 1, 0, 'New'],
      ['World map', 0, 0, 'No change'],
      ['Not known', 0, 1, '\u2212100%'],
    ]);
  });

  it.each([
    ['no visit', empty(), empty(), 'No visit in this period.'],
    [
      'signs beside the previous period',
      busy(),
      { ...empty(), entries: { sign: 1, link: 0, list: 0, search: 0, map: 0 } },
      '4 visits: sign 50%, shared link 25%, search 25%. From signs: 2 visits, up 100% from the previous period (1).',
    ],
    [
      'no sign in either period',
      { ...busy(), entries: { sign: 0, link: 0, list: 3, search: 0, map: 0 } },
      empty(),
      '4 visits: guide lists 75%, not known 25%.',
    ],
  ])('says %s', (_name, current, previous, sentence) => {
    expect(entriesSummary(current, previous)).toBe(sentence);
  });

  it('lists each stop by entry beside the previous period, and all stops', () => {
    const previous = empty();
    previous.stops[2]!.entries = { sign: 3, link: 1, keypad: 0, location: 0, guide: 0 };
    const t = stopEntriesTable(busy(), previous);
    expect(t.columns.slice(0, 6)).toEqual([
      'Order',
      'Stop',
      'Sign',
      'Sign (previous period)',
      'Shared link',
      'Shared link (previous period)',
    ]);
    expect(t.columns).toHaveLength(12);
    expect(t.rows).toEqual([
      [1, 'Gate', 0, 0, 0, 0, 1, 0, 0, 0, 3, 0],
      [2, 'Mill, old', 0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
      [3, '=Bridge', 1, 3, 0, 1, 0, 0, 0, 0, 0, 0],
      ['', 'All stops', 1, 3, 0, 1, 1, 0, 1, 0, 3, 0],
    ]);
    // A formula-looking title stays text in the CSV.
    expect(toCsv(tableRows(t))).toContain("'=Bridge");
  });

  it.each([
    ['no opening', empty(), 'No stop was opened in this period.'],
    [
      'the stop most opened from its sign',
      busy(),
      '6 stop openings: in the guide 50%, sign 17%, keypad 17%, location 17%. Most opened from its sign: 3. =Bridge (1).',
    ],
  ])('says %s', (_name, period, sentence) => {
    expect(stopEntriesSummary(period)).toBe(sentence);
  });
});
