import { z } from 'zod';
import { tokenParam } from './param-schemas.js';
import { isValidDay } from './insights-days.js';

/**
 * The insights contract (docs/insights.md, issue 20): the events the visitor app sends, and
 * the report the studio's dashboard reads. Nothing here names a person: a visit id is a random
 * UUID that lives for one guide visit, and time is a local day and hour.
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

export const INSIGHT_TRIGGERS = ['tap', 'keypad', 'location', 'autoplay', 'link'] as const;
export type InsightTrigger = (typeof INSIGHT_TRIGGERS)[number];

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
/** Default of `INSIGHTS_RETENTION_DAYS`: raw events older than this are deleted. */
export const INSIGHTS_RETENTION_DAYS_DEFAULT = 90;

export const insightDaySchema = z
  .string()
  .refine(isValidDay, 'A day is a calendar date written YYYY-MM-DD');
export const insightHourSchema = z.number().int().min(0).max(23);
export const insightLanguageSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'a language code such as "en" or "pt-BR"');
const uuid = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'a UUID such as 9f1c2d3e-0000-4000-8000-000000000000',
  );

const eventFields = z
  .object({
    /** The event's own Idempotency-Key: the same id is counted once. */
    id: uuid,
    visit_id: uuid,
    guide_token: tokenParam,
    kind: z.enum(CLIENT_INSIGHT_KINDS),
    poi_token: tokenParam.optional(),
    language: insightLanguageSchema,
    trigger: z.enum(INSIGHT_TRIGGERS).optional(),
    /** Share of the audio heard, 0–100 (audio-heard only). */
    heard: z.number().int().min(0).max(100).optional(),
    day: insightDaySchema,
    hour: insightHourSchema,
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
});
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
});
export type InsightBatchResult = z.infer<typeof insightBatchResultSchema>;

/**
 * `GET studio/guides/{token}/insights` query: `from` and `to` together (left out: the last 30
 * days, `defaultInsightsRange`). Other parameters are ignored, as on every studio GET.
 */
export const insightsQuerySchema = z
  .object({
    from: insightDaySchema.optional(),
    to: insightDaySchema.optional(),
    language: insightLanguageSchema.optional(),
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

/** The answer of `GET studio/guides/{token}/insights`. */
export const insightsReportSchema = z.object({
  guide: z.object({ token: z.string(), title: z.string() }),
  range,
  previous_range: range,
  languages: z.array(z.string()),
  current: insightPeriodSchema,
  previous: insightPeriodSchema,
});
export type InsightsReport = z.infer<typeof insightsReportSchema>;
