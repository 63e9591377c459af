import {
  insightPassOf,
  insightPassesKept,
  insightVisitAskStep,
  insightVisitKey,
  insightVisitSchema,
  insightVisitsToAsk,
  withVisitTokens,
  type InsightEvent,
  type InsightPasses,
} from '@earshot/core';

// The visit tokens the sender holds (docs/insights.md "Visit tokens"): a visit's events count only
// with the token the server issued for it, asked before they are sent. A visit started offline asks
// once back online; its events keep the day and hour they happened. Kept in local storage (every
// tab and the next page share them), on the device's clock counted from the server's `expires_in`.

const PASSES = 'earshot-insights-passes';
const URL_PATH = '/api/v1/insights/visits/';
const ATTEMPT_TIMEOUT_MS = 30_000;

/** This page's copy (the truth when there is no storage). */
let memory: InsightPasses = {};
/** Visits the server will not give a token for (a preview's, a guide since unpublished). */
const without = new Set<string>();

function passes(): InsightPasses {
  try {
    const stored = JSON.parse(localStorage.getItem(PASSES) ?? '{}') as InsightPasses;
    memory = { ...memory, ...stored };
  } catch {
    // No storage, or not ours: this page's memory holds them.
  }
  return insightPassesKept(memory, Date.now());
}

function save(next: InsightPasses): void {
  memory = next;
  try {
    localStorage.setItem(PASSES, JSON.stringify(next));
  } catch {
    // No storage: this page's memory holds them.
  }
}

/** One ask; the status and body, or null when no answer came. */
async function ask(guide_token: string, visit_id: string) {
  try {
    const res = await fetch(URL_PATH, {
      method: 'POST',
      // No Authorization, ever: a visit is never linked to an account.
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ guide_token, visit_id }),
      keepalive: document.visibilityState === 'hidden',
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    return { status: res.status, body: res.ok ? ((await res.json()) as unknown) : null };
  } catch {
    return null;
  }
}

/**
 * Asks a token for each visit among `events` without a usable one. False when the server did
 * not answer (or is failing): the events wait, and the sender tries again later.
 */
export async function askPasses(events: readonly InsightEvent[]): Promise<boolean> {
  for (const v of insightVisitsToAsk(events, passes(), Date.now())) {
    const key = insightVisitKey(v);
    if (without.has(key)) continue;
    const answer = await ask(v.guide_token, v.visit_id);
    const step = insightVisitAskStep(answer?.status ?? null);
    if (step === 'wait') return false;
    if (step === 'without') {
      without.add(key);
      continue;
    }
    const visit = insightVisitSchema.safeParse(answer?.body);
    if (!visit.success) return false;
    save({ ...passes(), [key]: insightPassOf(visit.data, Date.now()) });
  }
  return true;
}

/**
 * The events that may go now: those with a usable token, carrying it, and those of visits no
 * token will come for (the server refuses them, and they leave the device).
 */
export function sendable(events: readonly InsightEvent[]): InsightEvent[] {
  const { ready, waiting } = withVisitTokens(events, passes(), Date.now());
  return [...ready, ...waiting.filter((e) => without.has(insightVisitKey(e)))];
}

/** The server found these visits' tokens expired (a clock running slow): ask again. */
export function renewPasses(visitIds: readonly string[]): void {
  if (!visitIds.length) return;
  const gone = new Set(visitIds);
  save(
    Object.fromEntries(
      Object.entries(passes()).filter(([key]) => !gone.has(key.slice(key.indexOf(' ') + 1))),
    ),
  );
}
