import { describe, expect, it } from 'vitest';
import {
  dayIn,
  guideBundleSchema,
  isCalendarDay,
  isTimeZone,
  outsideDates,
  seasonChanges,
  seasonNotice,
  seasonNoticeText,
  seasonOn,
  seasonalStops,
  triggersOn,
  type Dated,
} from '../../src/index.js';

const summer: Dated = { on_view_from: '2026-06-01', on_view_until: '2026-10-31' };

describe('seasonOn', () => {
  it.each([
    [summer, '2026-05-31', 'not-yet'],
    [summer, '2026-06-01', 'on-view'],
    [summer, '2026-10-31', 'on-view'],
    [summer, '2026-11-01', 'ended'],
    [{ on_view_until: '2026-10-31' }, '1999-01-01', 'on-view'],
    [{ on_view_from: '2026-06-01' }, '2099-12-31', 'on-view'],
    [{}, '2026-01-01', 'on-view'],
    [{ on_view_from: null, on_view_until: null }, '2026-01-01', 'on-view'],
  ] as const)('%o on %s is %s', (stop, day, season) => {
    expect(seasonOn(stop, day)).toBe(season);
    expect(triggersOn(stop, day)).toBe(season === 'on-view');
  });
});

describe('dayIn', () => {
  // 2026-11-01 03:30 UTC is still October 31 in Portland and already November 1 in Tokyo.
  const at = new Date('2026-11-01T03:30:00Z');
  it.each([
    ['America/Los_Angeles', '2026-10-31'],
    ['Asia/Tokyo', '2026-11-01'],
    ['UTC', '2026-11-01'],
    [null, '2026-11-01'],
    ['Not/AZone', '2026-11-01'],
  ])('in %s it is %s', (zone, day) => expect(dayIn(at, zone)).toBe(day));

  it('so a stop on view until October 31 is still on view in Portland that night', () => {
    expect(seasonOn(summer, dayIn(at, 'America/Los_Angeles'))).toBe('on-view');
    expect(seasonOn(summer, dayIn(at, 'Asia/Tokyo'))).toBe('ended');
  });
});

describe('seasonalStops', () => {
  const stops = [
    { token: 'a', ...summer },
    { token: 'b' },
    { token: 'c', on_view_from: '2027-01-01' },
  ];
  it.each([
    ['hide', '2026-07-01', ['a', 'b']],
    ['hide', '2026-12-01', ['b']],
    ['hide', '2027-01-01', ['b', 'c']],
    ['mark', '2026-12-01', ['a', 'b', 'c']],
  ] as const)('%s on %s shows %o', (mode, day, tokens) =>
    expect(seasonalStops(stops, day, mode).map((s) => s.token)).toEqual(tokens),
  );
});

describe('seasonNotice', () => {
  it.each([
    [summer, '2026-05-01', 'On view from June 1, 2026'],
    [summer, '2026-07-01', 'On view until October 31, 2026'],
    [summer, '2026-11-01', 'This work stood here until October 31, 2026'],
    [{ on_view_from: '2026-06-01' }, '2026-07-01', null],
    [{}, '2026-07-01', null],
  ] as const)('%o on %s: %s', (stop, day, text) => {
    const notice = seasonNotice(stop, day);
    expect(notice && seasonNoticeText(notice)).toBe(text);
  });
});

describe('seasonChanges', () => {
  const stops: Dated[] = [
    summer,
    { on_view_from: '2026-10-15' },
    { on_view_until: '2026-12-31' },
    {},
  ];
  it.each([
    [
      '2026-10-05',
      [
        { day: '2026-10-15', index: 1, change: 'arrives' },
        { day: '2026-11-01', index: 0, change: 'leaves' },
      ],
    ],
    // The day itself is not "next": a stop arriving today has arrived.
    ['2026-10-15', [{ day: '2026-11-01', index: 0, change: 'leaves' }]],
    ['2026-12-15', [{ day: '2027-01-01', index: 2, change: 'leaves' }]],
    ['2027-03-01', []],
  ])('from %s', (day, changes) => expect(seasonChanges(stops, day)).toEqual(changes));
});

describe('the bundle’s date rules', () => {
  const bundle = (poi: Record<string, unknown>, guide: Record<string, unknown> = {}) =>
    guideBundleSchema.safeParse({
      format: 'earshot-guide-bundle/1',
      guide: { token: 'g', title: 'G', city: { name: 'Portland', state: 'Oregon' }, ...guide },
      pois: [{ token: 'p', lat: 45.5, lng: -122.6, content: { en: { title: 'P' } }, ...poi }],
    });
  const messages = (r: ReturnType<typeof bundle>) =>
    r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it.each([
    [{ on_view_from: '2026-06-01', on_view_until: '2026-10-31' }, {}, []],
    [
      { on_view_from: '2026-02-30' },
      {},
      ['pois.0.on_view_from: a date such as "2026-10-31" (YYYY-MM-DD)'],
    ],
    [
      { on_view_from: '2026-10-31', on_view_until: '2026-06-01' },
      {},
      ['pois.0.on_view_until: "on view until" (2026-06-01) is before "on view from" (2026-10-31)'],
    ],
    [{}, { time_zone: 'America/Los_Angeles', outside_dates: 'mark' }, []],
    [
      {},
      { time_zone: 'Mars/Olympus' },
      ['guide.time_zone: a time zone such as "America/Los_Angeles"'],
    ],
    [
      {},
      { outside_dates: 'grey' },
      ['guide.outside_dates: Invalid option: expected one of "hide"|"mark"'],
    ],
  ])('%o %o → %o', (poi, guide, expected) =>
    expect(messages(bundle(poi, guide))).toEqual(expected),
  );

  it('defaults to hiding a stop outside its dates', () => {
    const r = bundle({});
    expect(r.success && r.data.guide.outside_dates).toBe('hide');
  });
});

describe('small readers', () => {
  it.each([
    ['2026-02-28', true],
    ['2026-02-30', false],
    ['2026-2-3', false],
  ])('isCalendarDay(%s) is %s', (day, ok) => expect(isCalendarDay(day)).toBe(ok));
  it.each([
    ['Europe/Paris', true],
    ['UTC', true],
    ['Europe/Atlantis', false],
  ])('isTimeZone(%s) is %s', (zone, ok) => expect(isTimeZone(zone)).toBe(ok));
  it.each([
    ['mark', 'mark'],
    ['hide', 'hide'],
    [null, 'hide'],
    ['other', 'hide'],
  ])('outsideDates(%s) is %s', (stored, mode) => expect(outsideDates(stored)).toBe(mode));
});
