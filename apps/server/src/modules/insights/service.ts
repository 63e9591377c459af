import { randomUUID } from 'node:crypto';
import {
  addDays,
  checkInsightsRange,
  defaultInsightsRange,
  insightDayAcceptable,
  insightLanguageSchema,
  parseLocalTime,
  utcDay,
  type InsightBatch,
  type InsightBatchResult,
  type InsightsQuery,
  type InsightsReport,
} from '@earshot/core';
import type { StudioAccess } from '../studio/access.js';
import type { AuthUser } from '../../plugins/auth.js';
import { BadRequestError } from '../../plugins/errors.js';
import type { InsightsRepository } from './repository.js';
import type { InsightsReportRepository } from './report-repository.js';
import { ALL_LANGUAGES, type InsightRecord } from './rollup.js';
import { periodReport } from './report.js';

export type InsightsDeps = {
  events: InsightsRepository;
  reports: InsightsReportRepository;
  access: StudioAccess;
  /** The server's clock (tests move it). */
  now?: () => Date;
};

/** What a new challenge answer tells insights (no user). */
export type AnsweredChallenge = {
  challengeId: number;
  /** true/false, or null for an answer nobody checked yet (a photo). */
  correct: boolean | null;
  /** The request's X-Local-Time and X-Language headers, as sent. */
  localTime?: string;
  language?: string;
};

const titleOfDraft = (document: string | undefined): string | undefined => {
  try {
    const title = (JSON.parse(document ?? '') as { guide?: { title?: unknown } }).guide?.title;
    return typeof title === 'string' ? title : undefined;
  } catch {
    return undefined;
  }
};

/** Insights (docs/insights.md): events in, roll-ups up to date, the studio's report out. */
export function insightsService(deps: InsightsDeps) {
  const { events, reports, access } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * POST insights/events/: drops events of unknown or unpublished guides and stops, and of
     * days outside the window; stores the rest once each.
     */
    async ingest(batch: InsightBatch): Promise<InsightBatchResult> {
      const today = utcDay(now());
      const guides = await events.publishedStops([
        ...new Set(batch.events.map((e) => e.guide_token)),
      ]);
      const kept: InsightRecord[] = [];
      for (const e of batch.events) {
        const stops = guides.get(e.guide_token);
        if (!stops || !insightDayAcceptable(e.day, today)) continue;
        if (e.poi_token !== undefined && !stops.has(e.poi_token)) continue;
        kept.push({
          id: e.id.toLowerCase(),
          visit_id: e.visit_id.toLowerCase(),
          guide_token: e.guide_token,
          poi_token: e.poi_token ?? null,
          language: e.language,
          kind: e.kind,
          trigger: e.trigger ?? (e.kind === 'stop-reach' ? 'location' : null),
          heard: e.heard ?? null,
          challenge_id: null,
          correct: null,
          day: e.day,
          hour: e.hour,
        });
      }
      const accepted = await events.record(kept);
      return {
        accepted,
        duplicates: kept.length - accepted,
        rejected: batch.events.length - kept.length,
      };
    },

    /** A new answer was stored (POST user_answers/ 201): one challenge-answer event. */
    async answered(a: AnsweredChallenge): Promise<void> {
      const context = await events.challengeContext(a.challengeId);
      if (!context) return; // a preview's challenge, or its guide is gone
      const at = parseLocalTime(a.localTime);
      const clock = now();
      const day = at && insightDayAcceptable(at.day, utcDay(clock)) ? at.day : utcDay(clock);
      const language = insightLanguageSchema.safeParse(a.language);
      await events.record([
        {
          id: randomUUID(),
          visit_id: null,
          guide_token: context.guide_token,
          poi_token: context.poi_token,
          language: language.success ? language.data : null,
          kind: 'challenge-answer',
          trigger: null,
          heard: null,
          challenge_id: a.challengeId,
          correct: a.correct === null ? null : a.correct ? 1 : 0,
          day,
          hour: at && day === at.day ? at.hour : clock.getUTCHours(),
        },
      ]);
    },

    /** GET studio/guides/{token}/insights: members of the guide's organisation and admins. */
    async report(user: AuthUser | null, token: string, q: InsightsQuery): Promise<InsightsReport> {
      await access.guide(user, token);
      const asked =
        q.from && q.to ? { from: q.from, to: q.to } : defaultInsightsRange(utcDay(now()));
      const range = checkInsightsRange(asked.from, asked.to);
      if (!range.ok) throw new BadRequestError(range.message);
      const guide = await reports.guide(token);
      const [guideLanguages, seen, stops, challenges] = guide
        ? await Promise.all([
            reports.guideLanguages(guide.id),
            reports.languagesWithData(token, range.previous.from, range.range.to),
            reports.stops(guide.id, q.language ?? null),
            reports.challenges(guide.id),
          ])
        : [[], await reports.languagesWithData(token, range.previous.from, range.range.to), [], []];
      const title = guide?.title ?? titleOfDraft(await reports.draftDocument(token)) ?? token;
      const shape = { stops, challenges };
      const language = q.language ?? ALL_LANGUAGES;
      const [current, previous] = await Promise.all([
        periodReport(reports, { guide: token, language, ...range.range }, shape),
        periodReport(reports, { guide: token, language, ...range.previous }, shape),
      ]);
      return {
        guide: { token, title },
        range: range.range,
        previous_range: range.previous,
        languages: [...new Set([...guideLanguages, ...seen.sort()])],
        current,
        previous,
      };
    },

    /** Deletes raw events older than `retentionDays` (the roll-ups stay). */
    async sweep(retentionDays: number): Promise<number> {
      return events.deleteBefore(addDays(utcDay(now()), -retentionDays));
    },
  };
}

export type InsightsService = ReturnType<typeof insightsService>;
