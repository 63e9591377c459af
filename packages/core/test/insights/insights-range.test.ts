import { describe, expect, it } from 'vitest';
import {
  daysInRange,
  figureChange,
  insightsQuery,
  insightsRange,
  isDay,
  localDay,
  percentOf,
  rangeNotTooLong,
  type InsightsRange,
} from '../../src/index.js';

const TODAY = '2026-11-25';

describe('days', () => {
  it.each([
    ['2026-11-25', true],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['26-11-25', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('isDay(%j) = %s', (day, out) => expect(isDay(day)).toBe(out));
  it('counts both ends', () => {
    expect(daysInRange('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysInRange('2026-11-25', '2026-11-25')).toBe(1);
  });
  it.each([
    ['2024-11-24', '2026-11-25', true],
    ['2024-11-23', '2026-11-25', false],
  ])('%s to %s not too long: %s', (from, to, out) => expect(rangeNotTooLong(from, to)).toBe(out));
  it('localDay reads the local calendar day', () =>
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05'));
});

describe('insightsRange', () => {
  it.each<[string, Parameters<typeof insightsRange>[0], InsightsRange]>([
    ['nothing: the last 30 days', {}, { from: '2026-10-27', to: TODAY, preset: 30 }],
    ['7 days, today included', { days: '7' }, { from: '2026-11-19', to: TODAY, preset: 7 }],
    ['90 days', { days: '90' }, { from: '2026-08-28', to: TODAY, preset: 90 }],
    ['another number: default', { days: '12' }, { from: '2026-10-27', to: TODAY, preset: 30 }],
    [
      'custom',
      { from: '2026-10-01', to: '2026-10-31' },
      { from: '2026-10-01', to: '2026-10-31', preset: null },
    ],
    [
      'custom wins over days',
      { days: '7', from: '2026-10-01', to: '2026-10-02' },
      { from: '2026-10-01', to: '2026-10-02', preset: null },
    ],
    [
      'backwards: swapped',
      { from: '2026-10-31', to: '2026-10-01' },
      { from: '2026-10-01', to: '2026-10-31', preset: null },
    ],
    [
      'one end unreadable: default',
      { from: '2026-10-01', to: '2026-02-30' },
      { from: '2026-10-27', to: TODAY, preset: 30 },
    ],
    [
      'too long: cut to 731 days apart, ending at to',
      { from: '2020-01-01', to: '2026-11-25' },
      { from: '2024-11-24', to: '2026-11-25', preset: null },
    ],
  ])('%s', (_name, query, out) => expect(insightsRange(query, TODAY)).toEqual(out));

  it('round-trips through its query', () => {
    for (const query of [{ days: '7' }, { from: '2026-01-01', to: '2026-02-01' }]) {
      const range = insightsRange(query, TODAY);
      const back = Object.fromEntries(new URLSearchParams(insightsQuery(range, 'es')));
      expect(back.language).toBe('es');
      expect(insightsRange(back, TODAY)).toEqual(range);
    }
    expect(insightsQuery(insightsRange({}, TODAY), null)).toBe('days=30');
  });
});

describe('figureChange', () => {
  it.each<[number, number, 'count' | 'percent', string, string, string]>([
    [10, 8, 'count', 'up', '+25%', 'up 25% from the previous period (8)'],
    [6, 8, 'count', 'down', '\u221225%', 'down 25% from the previous period (8)'],
    [5, 5, 'count', 'same', 'No change', 'no change from the previous period (5)'],
    [0, 0, 'count', 'same', 'No change', 'no change from the previous period (0)'],
    [3, 0, 'count', 'new', 'New', 'up from none in the previous period'],
    [0, 4, 'count', 'down', '\u2212100%', 'down 100% from the previous period (4)'],
    [1, 3, 'count', 'down', '\u221267%', 'down 67% from the previous period (3)'],
    [80, 75, 'percent', 'up', '+5 pts', 'up 5 points from the previous period (75%)'],
    [40, 0, 'percent', 'up', '+40 pts', 'up 40 points from the previous period (0%)'],
    [50, 60, 'percent', 'down', '\u221210 pts', 'down 10 points from the previous period (60%)'],
  ])('%i after %i (%s)', (current, previous, kind, direction, text, label) =>
    expect(figureChange(current, previous, kind)).toEqual({ direction, text, label }),
  );
});

describe('percentOf', () => {
  it.each([
    [1, 3, 33],
    [2, 3, 67],
    [0, 0, 0],
    [5, 5, 100],
  ])('%i of %i = %i%%', (part, whole, out) => expect(percentOf(part, whole)).toBe(out));
});
