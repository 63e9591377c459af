import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideDetailSchema } from '@earshot/core';
import { importBundle } from '../src/bundles/bundle-import.js';
import { exportBundleJson } from '../src/bundles/bundle-export.js';
import { makeEnv, writeBundle, type TestEnv } from './helpers.js';

// Seasons (docs/guide-bundle.md "Seasons") through the real importer, database (SQLite, or the
// PostgreSQL of DATABASE_URL) and API: the dates, the time zone and the choice are stored,
// served to the visitor app (which decides by the device's day) and exported as imported.

let env: TestEnv;

const seasonal = (outside: 'hide' | 'mark', until = '2026-10-31') =>
  writeBundle(env.dir, `seasons-${outside}-${until}`, (b) => {
    b.guide.token = 'seasons-walk';
    b.guide.languages = [];
    b.guide.time_zone = 'America/Los_Angeles';
    b.guide.outside_dates = outside;
    delete b.guide.theme;
    b.layers = [];
    b.badges = [];
    b.hunts = [];
    b.pois = [
      {
        token: 'seasons-always',
        lat: 45.5,
        lng: -122.6,
        content: { en: { title: 'Always here' } },
      },
      {
        token: 'seasons-summer',
        lat: 45.501,
        lng: -122.6,
        on_view_from: '2026-06-01',
        on_view_until: until,
        content: { en: { title: 'Summer only' } },
      },
    ];
  });

beforeAll(async () => {
  env = await makeEnv();
});
afterAll(() => env.close());

describe('a guide with seasons', () => {
  it('serves each stop’s dates, the time zone and the choice with the guide', async () => {
    await importBundle(env.handle, env.media, await seasonal('mark'));
    const res = await env.app.inject({ method: 'GET', url: '/api/v1/tour-by-token/seasons-walk' });
    expect(res.statusCode).toBe(200);
    const guide = guideDetailSchema.parse(res.json());
    expect(guide).toMatchObject({ time_zone: 'America/Los_Angeles', outside_dates: 'mark' });
    expect(guide.pois.map((p) => [p.token, p.on_view_from, p.on_view_until])).toEqual([
      ['seasons-always', null, null],
      ['seasons-summer', '2026-06-01', '2026-10-31'],
    ]);
    // A stop's own link (a sign's) answers whatever the day: the app says when it is on view.
    const stop = await env.app.inject({
      method: 'GET',
      url: '/api/v1/pois_by_token/seasons-summer',
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ on_view_from: '2026-06-01', on_view_until: '2026-10-31' });
  });

  it('exports them as imported, and a re-import with new dates updates the stop', async () => {
    const exported = await exportBundleJson(env.handle, 'seasons-walk');
    expect(exported!.bundle.guide).toMatchObject({
      time_zone: 'America/Los_Angeles',
      outside_dates: 'mark',
    });
    expect(exported!.bundle.pois!.map((p) => [p.on_view_from, p.on_view_until])).toEqual([
      [undefined, undefined],
      ['2026-06-01', '2026-10-31'],
    ]);
    await importBundle(env.handle, env.media, await seasonal('hide', '2027-03-31'));
    const res = await env.app.inject({ method: 'GET', url: '/api/v1/tour-by-token/seasons-walk' });
    const guide = guideDetailSchema.parse(res.json());
    expect(guide.outside_dates).toBe('hide');
    expect(guide.pois[1]!.on_view_until).toBe('2027-03-31');
  });

  it('refuses dates that are no days and a window that ends before it starts, by path', async () => {
    const dir = await writeBundle(env.dir, 'seasons-bad', (b) => {
      b.guide.token = 'seasons-bad';
      b.guide.languages = [];
      b.guide.time_zone = 'Atlantis/Capital';
      delete b.guide.theme;
      b.layers = [];
      b.badges = [];
      b.hunts = [];
      b.pois = [
        {
          token: 'bad-1',
          lat: 45,
          lng: -122,
          on_view_from: '2026-02-30',
          content: { en: { title: 'A' } },
        },
        {
          token: 'bad-2',
          lat: 45,
          lng: -122,
          on_view_from: '2026-10-31',
          on_view_until: '2026-06-01',
          content: { en: { title: 'B' } },
        },
      ];
    });
    await expect(importBundle(env.handle, env.media, dir)).rejects.toThrow(
      /\$\.guide\.time_zone: a time zone such as "America\/Los_Angeles"[\s\S]*\$\.pois\[0\]\.on_view_from: a date such as "2026-10-31" \(YYYY-MM-DD\)[\s\S]*\$\.pois\[1\]\.on_view_until: "on view until" \(2026-06-01\) is before "on view from" \(2026-10-31\)/,
    );
    const res = await env.app.inject({ method: 'GET', url: '/api/v1/tour-by-token/seasons-bad' });
    expect(res.statusCode).toBe(404);
  });
});
