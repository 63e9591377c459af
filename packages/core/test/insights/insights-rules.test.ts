import { describe, expect, it } from 'vitest';
import {
  VISIT_ID_IDLE_MS,
  addDays,
  checkInsightsRange,
  defaultInsightsRange,
  completionPercent,
  dayNumber,
  daysBetween,
  daysFromTo,
  formatLocalTime,
  heardAverage,
  insightDayAcceptable,
  isCompleted,
  localDayHour,
  parseLocalTime,
  visitIdStillValid,
  weekdayIndex,
} from '../../src/index.js';

describe('days', () => {
  it.each([
    ['2026-11-25', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-05', false],
    ['2026-11-25T10', false],
    ['', false],
  ])('%s is a day: %s', (day, valid) => {
    expect(dayNumber(day) !== null).toBe(valid);
  });

  it.each([
    ['2026-11-25', 1, '2026-11-26'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2026-03-29', 1, '2026-03-30'], // a daylight-saving change in Europe moves nothing
    ['2026-11-01', -30, '2026-10-02'],
  ])('%s + %i days = %s', (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected);
  });

  it.each([
    ['2026-11-23', 0], // Monday
    ['2026-11-25', 2], // Wednesday
    ['2026-11-29', 6], // Sunday
    ['1970-01-01', 3], // Thursday
    ['1969-12-29', 0], // Monday, before the epoch
    ['2024-02-29', 3], // Thursday
  ])('weekday of %s (Monday first) is %i', (day, index) => {
    expect(weekdayIndex(day)).toBe(index);
  });

  it('lists a range inclusively', () => {
    expect(daysFromTo('2026-02-27', '2026-03-01')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(daysFromTo('2026-03-01', '2026-02-27')).toEqual([]);
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(29);
  });

  it('keeps the device’s local day and hour', () => {
    const at = new Date(2026, 10, 25, 23, 59, 30);
    expect(localDayHour(at)).toEqual({ day: '2026-11-25', hour: 23 });
  });
});

describe('a report’s range and its previous period', () => {
  it.each([
    ['2026-11-01', '2026-11-30', { from: '2026-10-02', to: '2026-10-31' }, 30],
    ['2026-11-25', '2026-11-25', { from: '2026-11-24', to: '2026-11-24' }, 1],
    ['2026-11-19', '2026-11-25', { from: '2026-11-12', to: '2026-11-18' }, 7],
    ['2024-03-01', '2024-03-02', { from: '2024-02-28', to: '2024-02-29' }, 2],
    ['2025-01-01', '2027-01-02', { from: '2022-12-31', to: '2024-12-31' }, 732],
  ])('%s..%s → previous %o', (from, to, previous, days) => {
    expect(checkInsightsRange(from, to)).toEqual({
      ok: true,
      range: { from, to },
      previous,
      days,
    });
  });

  it.each([
    ['2026-11-30', '2026-11-01', 'from must not be after to'],
    ['2025-01-01', '2027-01-03', 'from and to are at most 731 days apart'],
    ['2026-02-30', '2026-03-01', 'from and to are days YYYY-MM-DD'],
  ])('%s..%s is refused: %s', (from, to, message) => {
    expect(checkInsightsRange(from, to)).toEqual({ ok: false, message });
  });
});

describe('the range when none is asked for', () => {
  it.each([
    ['2026-11-25', { from: '2026-10-27', to: '2026-11-25' }],
    ['2026-03-01', { from: '2026-01-31', to: '2026-03-01' }],
  ])('on %s: the last 30 days %o', (today, range) => {
    expect(defaultInsightsRange(today)).toEqual(range);
    const check = checkInsightsRange(range.from, range.to);
    expect(check.ok && check.days).toBe(30);
  });
});

describe('which event days the server keeps', () => {
  it.each([
    ['2026-11-25', true], // today
    ['2026-11-26', true], // tomorrow: east of UTC
    ['2026-11-27', false],
    ['2025-10-21', true], // 400 days back
    ['2025-10-20', false], // 401 days back
    ['2026-02-30', false],
  ])('%s against a server date of 2026-11-25: %s', (day, kept) => {
    expect(insightDayAcceptable(day, '2026-11-25')).toBe(kept);
  });
});

describe('completion and the share heard', () => {
  it.each([
    [89, false],
    [90, true],
    [100, true],
    [0, false],
  ])('heard %i counts as completed: %s', (heard, completed) => {
    expect(isCompleted(heard)).toBe(completed);
  });

  it.each([
    [0, 0, 0],
    [1, 2, 50],
    [2, 3, 66.7],
    [3, 3, 100],
    [0, 4, 0],
  ])('%i completed of %i heard → %f %%', (completed, heard, expected) => {
    expect(completionPercent(completed, heard)).toBe(expected);
  });

  it.each([
    [0, 0, 0],
    [162, 2, 81],
    [100, 3, 33.3],
    [300, 3, 100],
  ])('heard sum %i over %i events → mean %f', (sum, n, expected) => {
    expect(heardAverage(sum, n)).toBe(expected);
  });
});

describe('a visit id lives for one guide visit', () => {
  const t0 = Date.UTC(2026, 10, 25, 10);
  const stored = { id: 'v1', guideToken: 'walk', lastEventAt: t0 };
  it.each([
    ['no id yet', null, 'walk', t0, false],
    ['the same guide, a minute on', stored, 'walk', t0 + 60_000, true],
    ['just under 4 hours idle', stored, 'walk', t0 + VISIT_ID_IDLE_MS - 1, true],
    ['4 hours idle', stored, 'walk', t0 + VISIT_ID_IDLE_MS, false],
    ['another guide', stored, 'other', t0 + 1, false],
    ['a clock that went back', stored, 'walk', t0 - 1, false],
  ] as const)('%s → keep: %s', (_name, s, guide, now, keep) => {
    expect(visitIdStillValid(s, guide, now)).toBe(keep);
  });
});

describe('X-Local-Time of a challenge answer', () => {
  it.each([
    ['2026-11-25T14', { day: '2026-11-25', hour: 14 }],
    ['2026-11-25T00', { day: '2026-11-25', hour: 0 }],
    ['2026-11-25T24', null],
    ['2026-02-30T10', null],
    ['2026-11-25T14:05', null],
    ['2026-11-25', null],
    [undefined, null],
  ])('%s → %o', (header, expected) => {
    expect(parseLocalTime(header)).toEqual(expected);
  });

  it('writes what it reads', () => {
    expect(parseLocalTime(formatLocalTime('2026-01-02', 7))).toEqual({
      day: '2026-01-02',
      hour: 7,
    });
  });
});
