import { randomUUID } from 'node:crypto';
import {
  addDays,
  checkInsightsRange,
  defaultInsightsRange,
  insightDayAcceptable,
  insightEventVerdict,
  eventEntry,
  insightLanguageFolded,
  insightLanguageSchema,
  insightRefusalDay,
  INSIGHT_VISIT_EVENTS_MAX,
  parseLocalTime,
  utcDay,
  type InsightBatch,
  type InsightBatchResult,
  type InsightVisit,
  type InsightVisitRequest,
  type InsightsQuery,
  type InsightsReport,
} from '@earshot/core';
import type { StudioAccess } from '../studio/access/access.js';
import type { AuthUser } from '../../plugins/auth.js';
import { BadRequestError, NotFoundError } from '../../plugins/errors.js';
import { refusalTally, type InsightsRepository } from './repository.js';
import type { InsightsReportRepository } from './report-repository.js';
import { ALL_LANGUAGES, type InsightRecord } from './rollup.js';
import { periodReport, reportLanguages } from './report.js';
import type { VisitTokens } from './visit-token.js';

export type InsightsDeps = {
  events: InsightsRepository;
  reports: InsightsReportRepository;
  access: StudioAccess;
  tokens: VisitTokens;
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
  const { events, reports, access, tokens } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * POST insights/visits/: a token for a visit of a published guide (the device's visit id,
     * or a new one). Asking again for the same visit renews its token: it stays one visit.
     */
    async issueVisit(req: InsightVisitRequest): Promise<InsightVisit> {
      if (!(await events.isPublished(req.guide_token)))
        throw new NotFoundError('No published guide has this token');
      const visit = (req.visit_id ?? randomUUID()).toLowerCase();
      const issued = tokens.issue(req.guide_token, visit, now());
      return {
        visit_id: visit,
        token: issued.token,
        expires_at: issued.expiresAt.toISOString(),
        expires_in: issued.expiresIn,
      };
    },

    /**
     * POST insights/events/: keeps the events that carry their visit's token, of a published
     * guide and its stops, on a day inside the window, within the visit's limit, each once;
     * a language the guide does not have is counted as `other`. Refused events of a published
     * guide are counted for its publisher, by reason, on their own local day (the server's UTC
     * day for a day outside the window).
     */
    async ingest(batch: InsightBatch): Promise<InsightBatchResult> {
      const clock = now();
      const today = utcDay(clock);
      const guides = await events.publishedGuides([
        ...new Set(batch.events.map((e) => e.guide_token)),
      ]);
      const kept: InsightRecord[] = [];
      const refused = refusalTally();
      // Visits whose signed token has expired: their events wait on the device for a new one.
      const renew = new Set<string>();
      let renewed = 0;
      for (const e of batch.events) {
        const guide = guides.get(e.guide_token);
        const visit = e.visit_id.toLowerCase();
        const verdict = insightEventVerdict(e, {
          stops: guide?.stops,
          token: tokens.check(e.visit_token, e.guide_token, visit, clock),
          today,
        });
        if (verdict === 'guide') continue;
        if (verdict === 'renew') {
          renew.add(visit);
          renewed++;
          continue;
        }
        if (verdict !== 'keep') {
          refused.count(e.guide_token, insightRefusalDay(e.day, today), verdict);
          continue;
        }
        kept.push({
          id: e.id.toLowerCase(),
          visit_id: visit,
          guide_token: e.guide_token,
          poi_token: e.poi_token ?? null,
          language: insightLanguageFolded(e.language, guide!.languages),
          kind: e.kind,
          trigger: e.trigger ?? (e.kind === 'stop-reach' ? 'location' : null),
          entry: eventEntry(e),
          heard: e.heard ?? null,
          challenge_id: null,
          correct: null,
          day: e.day,
          hour: e.hour,
        });
      }
      const { accepted, overLimit } = await events.record(kept, {
        today,
        visitMax: INSIGHT_VISIT_EVENTS_MAX,
        refused: refused.rows(),
      });
      const unique = new Set(kept.map((e) => e.id)).size;
      return {
        accepted,
        duplicates: kept.length - unique + (unique - accepted - overLimit),
        rejected: batch.events.length - kept.length - renewed + overLimit,
        ...(renew.size ? { renew: [...renew] } : {}),
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
      const languages = language.success ? await events.guideLanguages(context.guide_id) : [];
      await events.record(
        [
          {
            id: randomUUID(),
            visit_id: null,
            guide_token: context.guide_token,
            poi_token: context.poi_token,
            language: language.success ? insightLanguageFolded(language.data, languages) : null,
            kind: 'challenge-answer',
            trigger: null,
            entry: null,
            heard: null,
            challenge_id: a.challengeId,
            correct: a.correct === null ? null : a.correct ? 1 : 0,
            day,
            hour: at && day === at.day ? at.hour : clock.getUTCHours(),
          },
        ],
        // An answer has no visit: no visit limit applies.
        { today: utcDay(clock), visitMax: INSIGHT_VISIT_EVENTS_MAX },
      );
    },

    /** GET studio/guides/{token}/insights: members of the guide's organisation and admins. */
    async report(user: AuthUser | null, token: string, q: InsightsQuery): Promise<InsightsReport> {
      const { key } = await access.guide(user, token);
      const asked =
        q.from && q.to ? { from: q.from, to: q.to } : defaultInsightsRange(utcDay(now()));
      const range = checkInsightsRange(asked.from, asked.to);
      if (!range.ok) throw new BadRequestError(range.message);
      const guide = await reports.guide(token);
      const [guideLanguages, seen, stops, challenges, refused] = guide
        ? await Promise.all([
            reports.guideLanguages(guide.id),
            reports.languagesWithData(token, range.previous.from, range.range.to),
            reports.stops(guide.id, q.language ?? null),
            reports.challenges(guide.id),
            reports.refused(token, range.range.from, range.range.to),
          ])
        : [
            null,
            await reports.languagesWithData(token, range.previous.from, range.range.to),
            [],
            [],
            await reports.refused(token, range.range.from, range.range.to),
          ];
      const title = guide?.title ?? titleOfDraft(await reports.draftDocument(key)) ?? token;
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
        languages: reportLanguages(guideLanguages, seen),
        current,
        previous,
        refused,
      };
    },

    /** Deletes raw events older than `retentionDays` (the roll-ups stay). */
    async sweep(retentionDays: number): Promise<number> {
      return events.deleteBefore(addDays(utcDay(now()), -retentionDays));
    },
  };
}

export type InsightsService = ReturnType<typeof insightsService>;
