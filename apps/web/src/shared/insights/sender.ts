import {
  INSIGHT_OUTBOX,
  insightBatches,
  insightSendStep,
  insightsToKeep,
  localDayHour,
  type InsightEvent,
} from '@earshot/core';
import { attemptSignal, markWaiting, oneRunAtATime } from '../outbox/outbox';
import { allInsights, putInsights, removeInsights } from '../outbox/queue-db';
import { HOLD_PREFIX, mine, pageHold, WAITING } from './track';
import { askPasses, renewPasses, sendable } from './visit-passes';

// The insights events' outbox (docs/insights.md): outbox/outbox.ts's one run at a time and
// attempt timeout, with core's INSIGHT_OUTBOX policy (batches, bound, the retry every 15 s)
// and insightSendStep; held in local storage where IndexedDB fails.

const URL_PATH = '/api/v1/insights/events/';

/**
 * Every event waiting on this device, by id: a mirror of the IndexedDB store `insights`, so the
 * page can still hand them to a beacon as it goes. Null until read.
 */
let waiting: Map<string, InsightEvent> | null = null;

/** The events held under a key (this page's from memory, the truth for its own key). */
function held(key = pageHold): InsightEvent[] {
  if (key === pageHold) return mine.events;
  try {
    return (JSON.parse(localStorage.getItem(key)!) as InsightEvent[] | null) ?? [];
  } catch {
    return [];
  }
}

function hold(events: InsightEvent[], key: string): void {
  if (key === pageHold) mine.events = events;
  try {
    if (events.length) localStorage.setItem(key, JSON.stringify(events));
    else localStorage.removeItem(key);
  } catch {
    // No storage: this page's memory holds them.
  }
}

/** Every page's key, this one's and those of pages since closed or still open in other tabs. */
function holdKeys(): string[] {
  try {
    const keys = Object.keys(localStorage).filter((k) => k.startsWith(HOLD_PREFIX));
    return keys.includes(pageHold) ? keys : [...keys, pageHold];
  } catch {
    return [pageHold];
  }
}

let timer = 0;
/** Between pagehide and pageshow: what comes now (an audio heard as the page goes) is beaconed. */
let leaving = false;

async function ready(): Promise<Map<string, InsightEvent>> {
  if (!waiting) {
    const kept = await allInsights().catch(() => [] as InsightEvent[]);
    waiting ??= new Map(kept.map((e) => [e.id, e]));
  }
  return waiting;
}

/** Moves held events (this page's, and any other page's left in storage) into IndexedDB. */
async function adopt(map: Map<string, InsightEvent>): Promise<void> {
  for (const key of holdKeys()) {
    const events = held(key);
    if (!events.length) continue;
    for (const e of events) map.set(e.id, e);
    try {
      await putInsights(events);
    } catch {
      // No IndexedDB here: they stay held in local storage until the server has them.
      continue;
    }
    const moved = new Set(events.map((e) => e.id));
    hold(
      held(key).filter((e) => !moved.has(e.id)),
      key,
    );
  }
}

/** The server has answered for these events: they leave the device. */
async function forget(ids: string[]): Promise<void> {
  const gone = new Set(ids);
  for (const id of ids) waiting?.delete(id);
  for (const key of holdKeys()) {
    const events = held(key);
    if (events.some((e) => gone.has(e.id)))
      hold(
        events.filter((e) => !gone.has(e.id)),
        key,
      );
  }
  await removeInsights(ids).catch(() => undefined);
}

/**
 * One request; the status (null when no answer came) and the visits whose tokens the server
 * found expired (their events are not counted yet: they stay and go again with a new token).
 */
async function post(batch: InsightEvent[]): Promise<{ status: number | null; renew: string[] }> {
  try {
    const res = await fetch(URL_PATH, {
      method: 'POST',
      // No Authorization, ever: an event is never linked to an account.
      headers: { 'content-type': 'application/json', 'Idempotency-Key': batch[0]!.id },
      body: JSON.stringify({ events: batch }),
      // A hidden page may be closed while the request is on its way: keepalive lets it finish.
      // Only then (docs/insights.md): a keepalive request is one the browser's own network
      // layer owns, which e2e's request interception does not see (Chromium 150).
      keepalive: document.visibilityState === 'hidden',
      signal: attemptSignal(INSIGHT_OUTBOX),
    });
    const body = res.ok
      ? ((await res.json().catch(() => null)) as { renew?: unknown } | null)
      : null;
    const renew = Array.isArray(body?.renew) ? body.renew.filter((v) => typeof v === 'string') : [];
    return { status: res.status, renew };
  } catch {
    return { status: null, renew: [] };
  }
}

/** Sends one batch by the core rule; false when it must wait (no answer, server failing). */
async function sendBatch(batch: InsightEvent[]): Promise<boolean> {
  const { status, renew } = await post(batch);
  const step = insightSendStep(status, batch.length);
  if (step === 'keep') return false;
  if (step === 'split') {
    const half = Math.ceil(batch.length / 2);
    return (await sendBatch(batch.slice(0, half))) && sendBatch(batch.slice(half));
  }
  const again = new Set(renew);
  await forget(batch.filter((e) => !again.has(e.visit_id)).map((e) => e.id));
  // Their tokens are asked afresh on the next try (15 s on: a server whose clock disagrees
  // with the device's is not asked in a loop).
  renewPasses([...again]);
  return true;
}

async function runOnce(): Promise<void> {
  const map = await ready();
  await adopt(map);
  const all = [...map.values()];
  const keep = insightsToKeep(all, localDayHour(new Date()).day, INSIGHT_OUTBOX.itemsMax);
  if (keep.length < all.length) {
    const kept = new Set(keep.map((e) => e.id));
    await forget(all.filter((e) => !kept.has(e.id)).map((e) => e.id));
  }
  // Each visit's token first (a visit opened offline asks now), then its events with it.
  if (navigator.onLine && (await askPasses(keep)))
    for (const batch of insightBatches(sendable(keep), INSIGHT_OUTBOX.batchMax))
      if (!(await sendBatch(batch))) break;
  markWaiting(WAITING, map.size > 0 || holdKeys().some((k) => held(k).length > 0));
  // While anything waits, try again every 15 s (and at once on `online`).
  window.clearTimeout(timer);
  if (map.size > 0) timer = window.setTimeout(() => void run(), INSIGHT_OUTBOX.rerunMs!);
}

const run = oneRunAtATime(runOnce);

/** Sends what waits now (a run during a run goes over the queue once more). */
export function sendNow(): Promise<void> {
  if (!leaving) return run();
  beacon(held());
  return Promise.resolve();
}

/**
 * The page is going: what waits goes in beacons, which the browser sends after the page is
 * gone. The events stay queued (a beacon's answer is never known): the next page sends them
 * again, and the server counts each id once.
 */
function beacon(events: InsightEvent[]): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  // Only events whose visit already has its token: the others wait for the next page.
  const unique = sendable([...new Map(events.map((e) => [e.id, e])).values()]);
  for (const batch of insightBatches(unique, INSIGHT_OUTBOX.batchMax)) {
    // A string goes as text/plain, which any browser beacons (the server reads it as JSON).
    try {
      if (!navigator.sendBeacon(URL_PATH, JSON.stringify({ events: batch }))) break;
    } catch {
      break;
    }
  }
}

window.addEventListener('online', () => void sendNow());
window.addEventListener('pagehide', () => {
  leaving = true;
  beacon([...(waiting?.values() ?? []), ...held()]);
});
// Back from the back-forward cache: the page lives on and sends as before.
window.addEventListener('pageshow', () => {
  leaving = false;
});
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') void sendNow();
});
