import { randomUUID } from 'node:crypto';
import type { InsightEvent, InsightsReport } from '@earshot/core';
import { importBundle } from '../src/bundles/bundle-import.js';
import { signUp, type SignedUp } from './auth-helpers.js';
import { FIXTURE, makeEnv, writeSmallGuide, type TestEnv } from './helpers.js';
import { call } from './participation-helpers.js';
import { addMember, addOrganisation, makeAdmin } from './studio-helpers.js';

/** The insights tests' clock: the server's "now" (events' days are checked against it). */
export const NOW = new Date('2026-11-25T12:00:00Z');
export const TODAY = '2026-11-25';
export const GUIDE = 'mini-walk';

export type InsightsWorld = TestEnv & {
  publisherA: SignedUp;
  publisherB: SignedUp;
  admin: SignedUp;
  visitor: SignedUp;
  /** A guide of organisation B, which publisher A must learn nothing about. */
  guideB: string;
};

/**
 * The fixture guide (two stops, English and Spanish, a hunt of four challenges) imported by
 * the real importer for organisation A; a small guide for organisation B; accounts by the
 * sign-up call. Insights' clock is fixed at NOW.
 */
export async function insightsWorld(
  options: Parameters<typeof makeEnv>[0] = {},
): Promise<InsightsWorld> {
  const env = await makeEnv({ insightsNow: () => NOW, ...options });
  const db = env.handle.db;
  const a = await addOrganisation(db, 'Museum of Sound', 'museum-of-sound');
  const b = await addOrganisation(db, 'City of Echoes', 'city-of-echoes');
  await importBundle(env.handle, env.media, FIXTURE, { owner: a });
  const guideB = await writeSmallGuide(env.dir, 'insights-b-walk', 'Beta', 'BB', 40.7, -74);
  await importBundle(env.handle, env.media, guideB, { owner: b });
  const [publisherA, publisherB, admin, visitor] = [
    await signUp(env.app, { name: 'Ada Publisher' }),
    await signUp(env.app, { name: 'Bea Publisher' }),
    await signUp(env.app, { name: 'Ann Admin' }),
    await signUp(env.app, { name: 'Vic Visitor' }),
  ];
  await addMember(db, a, publisherA.user.id);
  await addMember(db, b, publisherB.user.id);
  await makeAdmin(db, admin.user.id);
  return { ...env, publisherA, publisherB, admin, visitor, guideB: 'insights-b-walk' };
}

type EventFields = Omit<
  InsightEvent,
  'id' | 'visit_id' | 'guide_token' | 'language' | 'day' | 'hour'
> &
  Partial<Pick<InsightEvent, 'guide_token' | 'language' | 'day' | 'hour'>>;

/** A visit's events, as the visitor app makes them: one visit id, fresh event ids. */
export function visit(defaults: { language?: string; day?: string; hour?: number } = {}) {
  const visitId = randomUUID();
  return (e: EventFields): InsightEvent =>
    ({
      id: randomUUID(),
      visit_id: visitId,
      guide_token: GUIDE,
      language: defaults.language ?? 'en',
      day: defaults.day ?? TODAY,
      hour: defaults.hour ?? 10,
      ...e,
    }) as InsightEvent;
}

/** POST insights/visits/ as anyone: the answer (a token for the visit), as it came. */
export function askVisit(env: TestEnv, body: { guide_token: string; visit_id?: string }) {
  return call(env, null, { method: 'POST', url: '/api/v1/insights/visits/', payload: body });
}

const tokens = new WeakMap<TestEnv, Map<string, Promise<string | undefined>>>();

/**
 * The token of a visit, asked once per app through the real call as the visitor app does
 * (undefined when the call refuses: a guide not published).
 */
export function visitToken(env: TestEnv, guide: string, visitId: string) {
  const mine = tokens.get(env) ?? new Map<string, Promise<string | undefined>>();
  tokens.set(env, mine);
  const key = `${guide} ${visitId}`;
  if (!mine.has(key))
    mine.set(
      key,
      askVisit(env, { guide_token: guide, visit_id: visitId }).then((r) =>
        r.statusCode === 200 ? r.json<{ token: string }>().token : undefined,
      ),
    );
  return mine.get(key)!;
}

/**
 * POST insights/events/ as anyone (no account). Each event goes with its visit's token, asked
 * through POST insights/visits/ as the app's sender does, unless it has one or `raw` is set
 * (what anyone can send without asking: invented visit ids).
 */
export async function sendEvents(
  env: TestEnv,
  events: unknown[],
  extra: { headers?: Record<string, string>; raw?: boolean } = {},
) {
  const withTokens = extra.raw
    ? events
    : await Promise.all(
        events.map(async (e) => {
          const ev = e as Partial<InsightEvent> | null;
          if (!ev || typeof ev !== 'object' || ev.visit_token !== undefined) return e;
          if (typeof ev.guide_token !== 'string' || typeof ev.visit_id !== 'string') return e;
          const token = await visitToken(env, ev.guide_token, ev.visit_id);
          return token ? { ...ev, visit_token: token } : e;
        }),
      );
  return call(env, null, {
    method: 'POST',
    url: '/api/v1/insights/events/',
    payload: { events: withTokens },
    headers: extra.headers,
  });
}

export function getReport(
  env: TestEnv,
  user: SignedUp | null,
  query: { from: string; to: string; language?: string },
  token = GUIDE,
) {
  const q = new URLSearchParams(query as Record<string, string>).toString();
  return call(env, user, { url: `/api/v1/studio/guides/${token}/insights?${q}` });
}

export async function report(
  env: InsightsWorld,
  query: { from: string; to: string; language?: string },
): Promise<InsightsReport> {
  const res = await getReport(env, env.publisherA, query);
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<InsightsReport>();
}
