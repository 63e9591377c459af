import {
  insightVisit,
  localDayHour,
  stopEntry,
  type ClientInsightKind,
  type GuideEntry,
  type InsightEvent,
  type InsightTrigger,
  type KeptInsightVisit,
} from '@earshot/core';
import type { HeldAudio } from '../visit/store';
import { INSIGHTS_WAITING as WAITING } from '../outbox/waiting';

export { WAITING };

// The part of the insights (docs/insights.md) that every screen carries: small on purpose (the
// guide's first load has a budget, e2e/helpers/budgets.ts). The queue and the sender (sender.ts,
// with IndexedDB) and the player's watch (audio-watch.ts) load later.

export type InsightInput = {
  kind: ClientInsightKind;
  poi?: string;
  trigger?: InsightTrigger;
  heard?: number;
  /** Another guide than the screen's (the preload screen's), or a visit that has ended since. */
  guide?: string;
  language?: string;
  visit?: string;
};

/** Held events: one local-storage key per page (two tabs never write over each other). */
export const HOLD_PREFIX = 'earshot-insights:';
export const pageHold = HOLD_PREFIX + Math.random().toString(36).slice(2);
/** The visit of this tab: it ends with the tab, when another guide opens, after 4 idle hours. */
const VISIT = 'earshot-insights-visit';
/**
 * The sender loads this long after the first event, once the screen's own first load is over.
 * A page closed before that leaves its events held: the app's next start sends them.
 */
export const SENDER_DELAY_MS = 5_000;

/** This page's held events, the truth for its key (storage keeps the copy that lasts). */
export const mine: { events: InsightEvent[] } = { events: [] };
let screen: { guide: string; language: string; entry?: GuideEntry } | null = null;
let sender: typeof import('./sender') | null = null;
let asked = false;

const write = (key: string, value: unknown) => {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // No storage (or full): the event waits in this page's memory only.
  }
};

const keptVisit = (): KeptInsightVisit | null => {
  try {
    return JSON.parse(sessionStorage.getItem(VISIT)!) as KeptInsightVisit | null;
  } catch {
    // No session storage (a locked-down browser): each event starts a visit of its own.
    return null;
  }
};

const uuid = () => crypto.randomUUID();

/** Sends what waits: at once once the sender is here, else when it has loaded. */
export function sendInsights(): void {
  if (sender) return void sender.sendNow();
  if (asked) return;
  asked = true;
  window.setTimeout(
    () =>
      void import('./sender').then(
        (m) => void (sender = m).sendNow(),
        // Offline with the scripts not saved: the next event or `online` asks again.
        () => void (asked = false),
      ),
    SENDER_DELAY_MS,
  );
}

/**
 * Records what a visitor did: synchronous and cheap, safe to call from any handler. The
 * event gets its id, visit id, language and local day and hour now, and waits in local
 * storage (a reload or a closed tab keeps it) until the sender has put it in the queue.
 */
export function track(e: InsightInput): void {
  const guide = e.guide ?? screen?.guide;
  // crypto.randomUUID exists on secure origins only, as the app's service worker does: a page
  // served over plain HTTP (not localhost) records nothing.
  if (!guide || !crypto.randomUUID) return;
  const at = new Date();
  const onScreen = screen?.guide === guide;
  const base = {
    guide_token: guide,
    // Core's insightLanguage names one for every guide; `und` when none was given.
    language: e.language ?? (onScreen ? screen!.language : 'und'),
    ...localDayHour(at),
  };
  const out: InsightEvent[] = [];
  let visit_id = e.visit;
  if (!visit_id) {
    const visit = insightVisit(keptVisit(), guide, at.getTime(), uuid);
    // Every visit seen on the guide screen starts with its guide-open, once.
    if (onScreen && !visit.opened) {
      visit.opened = true;
      out.push({
        id: uuid(),
        visit_id: visit.id,
        kind: 'guide-open',
        ...base,
        entry: screen!.entry,
      });
    }
    try {
      sessionStorage.setItem(VISIT, JSON.stringify(visit));
    } catch {
      // No session storage: the visit lasts as long as this page.
    }
    visit_id = visit.id;
  }
  // (A field left undefined is not in the JSON that keeps and sends the event.)
  if (e.kind !== 'guide-open')
    out.push({
      id: uuid(),
      visit_id,
      kind: e.kind,
      ...base,
      poi_token: e.poi,
      trigger: e.trigger,
      heard: e.heard,
      // Where a stop was opened from: its trigger's entry (its own link: a sign's in a visit
      // that came from a sign).
      entry:
        e.kind === 'stop-select' && e.trigger
          ? (stopEntry(e.trigger, onScreen ? screen!.entry : undefined) ?? undefined)
          : undefined,
    });
  if (!out.length) return;
  mine.events = [...mine.events, ...out];
  write(pageHold, mine.events);
  write(WAITING, 1);
  sendInsights();
}

/**
 * The guide screen is open (or its language changed): a new visit gets its guide-open, which
 * says where the screen was reached from (`entry`, docs/insights.md "Entries").
 */
export function openGuideScreen(guide: string, language: string, entry?: GuideEntry): () => void {
  screen = { guide, language, entry };
  track({ kind: 'guide-open' });
  return () => {
    if (screen?.guide === guide) screen = null;
  };
}

/** The visit events belong to now: kept by whoever reports on it after it ended. */
export function visitNow(): Pick<InsightInput, 'guide' | 'language' | 'visit'> | null {
  const v = keptVisit();
  return screen && v?.guideToken === screen.guide ? { ...screen, visit: v.id } : null;
}

/**
 * The player's element: what is heard of each stop is watched from its first play on.
 * `held` is what the player holds (passed in, so this module needs no store).
 */
export function watchAudio(audio: HTMLAudioElement, held: () => HeldAudio | null): void {
  audio.addEventListener(
    'play',
    () =>
      void import('./audio-watch').then(
        (m) => m.watch(audio, held),
        () => undefined,
      ),
    { once: true },
  );
}
