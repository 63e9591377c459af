import { z } from 'zod';
import { tokenParam } from '../contract/param-schemas.js';
import { isValidDay } from './insights-days.js';
import {
  GUIDE_ENTRIES,
  INSIGHT_ENTRIES,
  INSIGHT_TRIGGERS,
  type InsightTrigger,
  STOP_ENTRIES,
  stopEntry,
  type GuideEntry,
  type InsightEntry,
  type StopEntry,
} from './insight-entry.js';

/**
 * The insights contract (docs/insights.md): the events the visitor app sends, and the report the
 * studio's dashboard reads. Nothing here names a person: a visit id is a random UUID that lives for
 * one guide visit, and time is a local day and hour.
 */

/** Every kind of event; `challenge-answer` is recorded by the server only. */
export const INSIGHT_KINDS = [
  'guide-open',
  'stop-select',
  'audio-start',
  'audio-heard',
  'stop-reach',
  'preload',
  'share',
  'challenge-answer',
] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];

/** The kinds a client may send to `POST insights/events/`. */
export const CLIENT_INSIGHT_KINDS = INSIGHT_KINDS.filter(
  (k): k is Exclude<InsightKind, 'challenge-answer'> => k !== 'challenge-answer',
);
export type ClientInsightKind = (typeof CLIENT_INSIGHT_KINDS)[number];

/** Which triggers each kind takes (the contract's table); a kind not listed takes none. */
export const TRIGGERS_BY_KIND: Partial<Record<InsightKind, readonly InsightTrigger[]>> = {
  'stop-select': ['tap', 'keypad', 'location', 'link'],
  'audio-start': ['tap', 'autoplay', 'location'],
  'stop-reach': ['location'],
};
/** Kinds that must say how they were started (stop-reach is always `location`: optional). */
const TRIGGER_REQUIRED: readonly InsightKind[] = ['stop-select', 'audio-start'];

/** Kinds about one stop (`share` may name one, the rest name none). */
const POI_REQUIRED: readonly InsightKind[] = [
  'stop-select',
  'audio-start',
  'audio-heard',
  'stop-reach',
];
const POI_OPTIONAL: readonly InsightKind[] = ['share', 'challenge-answer'];

/** A visit token is short (expiry and a signature); anything longer is not one. */
export const INSIGHT_VISIT_TOKEN_MAX_LENGTH = 120;
/** At most this many events in one `POST insights/events/`. */
export const INSIGHT_BATCH_MAX = 50;
/** An event's day may be this many days before the server's UTC date… */
export const INSIGHT_DAY_PAST_MAX = 400;
/** …and this many after it (a visitor east of UTC is already in tomorrow). */
export const INSIGHT_DAY_FUTURE_MAX = 1;
/** `audio-heard` with at least this share heard counts as completed. */
export const INSIGHT_COMPLETED_MIN = 90;
/** A report's `from` and `to` are at most this many days apart. */
export const INSIGHT_RANGE_MAX_DAYS = 731;
/**
 * The roll-ups' language for an event in a language the guide does not have (not a language
 * code: insightLanguageSchema allows 2–3 letters before a dash, so no code is spelt so).
 */
export const INSIGHT_OTHER_LANGUAGE = 'other';
/** Default of `INSIGHTS_RETENTION_DAYS`: raw events older than this are deleted. */
export const INSIGHTS_RETENTION_DAYS_DEFAULT = 90;

export const insightDaySchema = z
  .string()
  .refine(isValidDay, 'A day is a calendar date written YYYY-MM-DD');
export const insightHourSchema = z.number().int().min(0).max(23);
export const insightLanguageSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'a language code such as "en" or "pt-BR"');
export const insightUuidSchema = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'a UUID such as 9f1c2d3e-0000-4000-8000-000000000000',
  );

const eventFields = z
  .object({
    /** The event's own Idempotency-Key: the same id is counted once. */
    id: insightUuidSchema,
    visit_id: insightUuidSchema,
    guide_token: tokenParam,
    kind: z.enum(CLIENT_INSIGHT_KINDS),
    poi_token: tokenParam.optional(),
    language: insightLanguageSchema,
    trigger: z.enum(INSIGHT_TRIGGERS).optional(),
    /** Share of the audio heard, 0–100 (audio-heard only). */
    heard: z.number().int().min(0).max(100).optional(),
    /** Where it came from (guide-open and stop-select only; optional). */
    entry: z.enum(INSIGHT_ENTRIES).optional(),
    day: insightDaySchema,
    hour: insightHourSchema,
    /**
     * The visit's token from `POST insights/visits/` (docs/insights.md "Visit tokens"). Optional
     * in the shape so that an event without one is refused and counted (`bad_token`) rather than
     * failing its whole batch with 400.
     */
    visit_token: z.string().max(INSIGHT_VISIT_TOKEN_MAX_LENGTH).optional(),
  })
  .strict();

/** One event a visitor's device sends (docs/insights.md "Event kinds"). */
export const insightEventSchema = eventFields.superRefine((e, ctx) => {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (POI_REQUIRED.includes(e.kind) && e.poi_token === undefined)
    issue('poi_token', `${e.kind} names its stop`);
  if (!POI_REQUIRED.includes(e.kind) && !POI_OPTIONAL.includes(e.kind) && e.poi_token)
    issue('poi_token', `${e.kind} names no stop`);
  const allowed = TRIGGERS_BY_KIND[e.kind] ?? [];
  if (e.trigger !== undefined && !allowed.includes(e.trigger))
    issue('trigger', `${e.kind} takes ${allowed.length ? allowed.join(', ') : 'no trigger'}`);
  if (e.trigger === undefined && TRIGGER_REQUIRED.includes(e.kind))
    issue('trigger', `${e.kind} says how it was started: ${allowed.join(', ')}`);
  if (e.kind === 'audio-heard' && e.heard === undefined)
    issue('heard', 'audio-heard says the share heard, 0–100');
  if (e.kind !== 'audio-heard' && e.heard !== undefined)
    issue('heard', 'only audio-heard takes heard');
  if (e.entry !== undefined) {
    if (e.kind === 'guide-open') {
      if (!(GUIDE_ENTRIES as readonly string[]).includes(e.entry))
        issue('entry', `guide-open comes from ${GUIDE_ENTRIES.join(', ')}`);
    } else if (e.kind !== 'stop-select')
      issue('entry', 'only guide-open and stop-select take entry');
    else if (e.trigger && !entryFitsTrigger(e.entry, e.trigger))
      issue('entry', `a stop-select started by ${e.trigger} comes from ${stopEntry(e.trigger)}`);
  }
});

/** Whether a stop-select's entry agrees with its trigger (a link may be a sign's). */
const entryFitsTrigger = (entry: InsightEntry, trigger: InsightTrigger) =>
  entry === stopEntry(trigger) || (trigger === 'link' && entry === 'sign');

/**
 * The entry a stored event counts under: its own, else (a stop-select from a device that sent
 * none) its trigger's.
 */
export function eventEntry(e: {
  kind: string;
  trigger?: InsightTrigger | null;
  entry?: InsightEntry | null;
}): InsightEntry | null {
  if (e.entry) return e.entry;
  return e.kind === 'stop-select' && e.trigger ? stopEntry(e.trigger) : null;
}
export type InsightEvent = z.infer<typeof insightEventSchema>;

/** The body of `POST insights/events/`: 1–50 events. */
export const insightBatchSchema = z
  .object({ events: z.array(insightEventSchema).min(1).max(INSIGHT_BATCH_MAX) })
  .strict();
export type InsightBatch = z.infer<typeof insightBatchSchema>;

/** The answer of `POST insights/events/`. */
export const insightBatchResultSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  /**
   * Visits whose events came with a token the server signed but that has expired (a device
   * whose clock ran slow): those events are neither kept nor counted as refused. The sender
   * asks for a new token for each and sends them again. Left out when there is none.
   */
  renew: z.array(z.string()).optional(),
});
export type InsightBatchResult = z.infer<typeof insightBatchResultSchema>;

/** The body of `POST insights/visits/`: the guide opened, and the visit when the device has one. */
export const insightVisitRequestSchema = z
  .object({
    guide_token: tokenParam,
    /**
     * The visit id the device made when the guide was opened (maybe offline, before it could
     * ask): the token is issued for it. Left out, the server makes one. Asking again for the
     * same visit renews its token: it is still one visit.
     */
    visit_id: insightUuidSchema.optional(),
  })
  .strict();
export type InsightVisitRequest = z.infer<typeof insightVisitRequestSchema>;

/** The answer of `POST insights/visits/`: the visit's id and the token its events carry. */
export const insightVisitSchema = z.object({
  visit_id: z.string(),
  token: z.string(),
  /** When the token stops being accepted (the server's clock, ISO 8601). */
  expires_at: z.string(),
  /** The same as seconds from now: what a device with a wrong clock counts from. */
  expires_in: z.number().int(),
});
export type InsightVisit = z.infer<typeof insightVisitSchema>;

/**
 * A report's language filter: one of the guide's languages, or `other` (every language the
 * guide does not have, folded together: docs/insights.md).
 */
export const insightReportLanguageSchema = z.union([
  insightLanguageSchema,
  z.literal(INSIGHT_OTHER_LANGUAGE),
]);

/**
 * `GET studio/guides/{token}/insights` query: `from` and `to` together (left out: the last 30
 * days, `defaultInsightsRange`). Other parameters are ignored, as on every studio GET.
 */
export const insightsQuerySchema = z
  .object({
    from: insightDaySchema.optional(),
    to: insightDaySchema.optional(),
    language: insightReportLanguageSchema.optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: 'from and to go together',
    path: ['to'],
  });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

const count = z.number().int().min(0);
const percent = z.number().min(0).max(100);

export const insightTriggersSchema = z.object({
  tap: count,
  keypad: count,
  location: count,
  autoplay: count,
  link: count,
});
export type InsightTriggers = z.infer<typeof insightTriggersSchema>;

export const insightStopSchema = z.object({
  token: z.string(),
  title: z.string(),
  /** 1-based position along the guide's order. */
  order: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  visits: count,
  listeners: count,
  starts: count,
  completed: count,
  heard_avg: percent,
  reached: count,
  triggers: insightTriggersSchema,
  /** Openings (stop-select) by entry. */
  entries: z.object(
    Object.fromEntries(STOP_ENTRIES.map((e) => [e, count])) as Record<StopEntry, typeof count>,
  ),
});
export type InsightStop = z.infer<typeof insightStopSchema>;

export const insightPeriodSchema = z.object({
  totals: z.object({
    visits: count,
    preloads: count,
    listeners: count,
    shares: count,
    answers: count,
    correct: count,
    reached_by_location: count,
    completion: percent,
  }),
  /** Visits by where they came from (their guide-open's entry; a visit without one: none). */
  entries: z.object(
    Object.fromEntries(GUIDE_ENTRIES.map((e) => [e, count])) as Record<GuideEntry, typeof count>,
  ),
  stops: z.array(insightStopSchema),
  days: z.array(z.object({ day: z.string(), visits: count, listeners: count })),
  /** 24 numbers: visits by the local hour of their first event. */
  hours: z.array(count).length(24),
  /** 7 numbers, Monday first: visits by local weekday. */
  weekdays: z.array(count).length(7),
  challenges: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      poi_token: z.string().nullable(),
      answers: count,
      correct: count,
    }),
  ),
});
export type InsightPeriod = z.infer<typeof insightPeriodSchema>;

const range = z.object({ from: z.string(), to: z.string() });

/** Why the server refused events (docs/insights.md "Refused events"). */
export const INSIGHT_REFUSAL_REASONS = [
  'bad_token',
  'over_limit',
  'unknown_stop',
  'out_of_range',
] as const;
export type InsightRefusalReason = (typeof INSIGHT_REFUSAL_REASONS)[number];

/** Events of the guide refused in a range (on their days: insightRefusalDay), by reason. */
export const insightRefusedSchema = z.object({
  total: count,
  bad_token: count,
  over_limit: count,
  unknown_stop: count,
  out_of_range: count,
});
export type InsightRefused = z.infer<typeof insightRefusedSchema>;

/** The answer of `GET studio/guides/{token}/insights`. */
export const insightsReportSchema = z.object({
  guide: z.object({ token: z.string(), title: z.string() }),
  range,
  previous_range: range,
  /** The guide's languages with figures or not, then `other` when events were folded there. */
  languages: z.array(z.string()),
  current: insightPeriodSchema,
  previous: insightPeriodSchema,
  /** Events refused in the range (all languages): the dashboard says how many. */
  refused: insightRefusedSchema,
});
export type InsightsReport = z.infer<typeof insightsReportSchema>;
