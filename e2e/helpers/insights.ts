import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import type { Session } from './participation';

/**
 * Helpers of the insights specs (docs/insights.md): a guide of their own, what the app sent,
 * the report.
 */

const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` });
const NARRATION = new URL('../fixtures/studio/narration.mp3', import.meta.url);

export type Stop = { token: string; title: string; code: number };

/** An event as the app sends it (docs/insights.md). */
export type SentEvent = {
  id: string;
  visit_id: string;
  guide_token: string;
  kind: string;
  poi_token?: string;
  language: string;
  trigger?: string;
  heard?: number;
  day: string;
  hour: number;
  /** The visit's token from POST insights/visits/ (docs/insights.md "Visit tokens"). */
  visit_token?: string;
};

type Triggers = Record<'tap' | 'keypad' | 'location' | 'autoplay' | 'link', number>;
/** The part of `GET studio/guides/{token}/insights` the specs read (docs/insights.md). */
export type Period = {
  totals: Record<
    | 'visits'
    | 'preloads'
    | 'listeners'
    | 'shares'
    | 'answers'
    | 'correct'
    | 'reached_by_location'
    | 'completion',
    number
  >;
  stops: {
    token: string;
    visits: number;
    listeners: number;
    starts: number;
    completed: number;
    heard_avg: number;
    reached: number;
    triggers: Triggers;
  }[];
  days: { day: string; visits: number; listeners: number }[];
  hours: number[];
};

/**
 * A guide published through the studio's real calls, with three stops that each play the
 * fixture's narration (5 s), in a city no other spec counts: a spec that checks exact counts
 * works on a guide only it visits (the e2e database is shared).
 */
export async function publishedGuide(
  request: APIRequestContext,
  publisher: Session,
  organisation: number,
  city: { name: string; state: string },
): Promise<{ token: string; title: string; stops: Stop[] }> {
  const title = `Insights Walk ${Date.now().toString(36)}`;
  const made = await request.post('/api/v1/studio/guides', {
    headers: bearer(publisher),
    data: { organisation_id: organisation, title, city },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { token } = (await made.json()) as { token: string };
  const media = await request.post(`/api/v1/studio/guides/${token}/media?name=narration.mp3`, {
    headers: { ...bearer(publisher), 'content-type': 'audio/mpeg' },
    data: readFileSync(NARRATION),
  });
  expect(media.status(), await media.text()).toBe(201);
  const { path } = (await media.json()) as { path: string };
  const draft = await request.get(`/api/v1/studio/guides/${token}/draft`, {
    headers: bearer(publisher),
  });
  const { revision, document } = (await draft.json()) as {
    revision: number;
    document: Record<string, unknown>;
  };
  const names = ['Old Mill Wheel', 'Granary Steps', 'Orchard Gate'];
  const stops = names.map((t, i) => ({ token: `${token}-s${i + 1}`, title: t, code: 301 + i }));
  const saved = await request.put(`/api/v1/studio/guides/${token}/draft`, {
    headers: bearer(publisher),
    data: {
      revision,
      document: {
        ...document,
        guide: { ...(document.guide as Record<string, unknown>), has_keypad: true },
        pois: stops.map((s, i) => ({
          token: s.token,
          lat: 46.0646 + i * 0.001,
          lng: -118.343 + i * 0.001,
          keypad_code: s.code,
          content: { en: { title: s.title, audio: path, transcript: `${s.title}, told.` } },
        })),
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await request.post(`/api/v1/studio/guides/${token}/publish`, {
    headers: bearer(publisher),
    data: { revision: ((await saved.json()) as { revision: number }).revision },
  });
  expect(published.status(), await published.text()).toBe(200);
  return { token, title, stops };
}

/** Every insights request the page sends, with its events, in order (retries included). */
export function sentInsights(page: Page): { events: SentEvent[]; request: Request }[] {
  const sent: { events: SentEvent[]; request: Request }[] = [];
  page.context().on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/insights/events/'))
      sent.push({ request, events: (request.postDataJSON() as { events: SentEvent[] }).events });
  });
  return sent;
}

/** Every visit token the page asks for (POST insights/visits/), with what it asked, in order. */
export function askedVisits(
  page: Page,
): { guide_token: string; visit_id: string; request: Request }[] {
  const asked: { guide_token: string; visit_id: string; request: Request }[] = [];
  page.context().on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/insights/visits/'))
      asked.push({
        ...(request.postDataJSON() as { guide_token: string; visit_id: string }),
        request,
      });
  });
  return asked;
}

/** The studio's report of `token` for the days `from`–`to`, as the publisher reads it. */
export async function report(
  request: APIRequestContext,
  publisher: Session,
  token: string,
  from: string,
  to: string,
): Promise<{ current: Period; languages: string[] }> {
  const res = await request.get(`/api/v1/studio/guides/${token}/insights?from=${from}&to=${to}`, {
    headers: bearer(publisher),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { current: Period; languages: string[] };
}

/** The local day `days` from today, at `hour`:`minute` (the browser runs in this zone too). */
export function localAt(days: number, hour: number, minute: number): Date {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, minute, 0, 0);
  return d;
}

export const dayOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
