import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  insightBatchResultSchema,
  insightBatchSchema,
  insightVisitRequestSchema,
  insightVisitSchema,
  insightsQuerySchema,
  insightsReportSchema,
  tokenParam,
} from '@earshot/core';
import { parseBoundedJson } from '../../plugins/json-body.js';
import type { InsightsService } from './service.js';

/** Room for 50 events with long tokens; a larger body is refused (413). */
export const EVENTS_BODY_LIMIT = 64 * 1024;

/** POST insights/events/ and insights/visits/ (anyone, no account): registered under /api/v1. */
export const insightsEventRoutes =
  (insights: InsightsService): FastifyPluginAsyncZod =>
  async (app) => {
    // navigator.sendBeacon on `pagehide` may send the JSON as text/plain (a string body): read
    // it as JSON here, in this plugin only, so the last events of a visit are not lost.
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, parseBoundedJson(body as string));
      } catch (e) {
        done(e as Error, undefined);
      }
    });
    app.post(
      '/insights/events/',
      {
        // 50 events are about 20 KB.
        bodyLimit: EVENTS_BODY_LIMIT,
        schema: {
          summary: "Record a visit's events for the publisher's insights (docs/insights.md)",
          description:
            '1–50 events; no account, no user, no address is stored with them. Each event ' +
            'carries `visit_token`, the token `POST insights/visits/` issued for its guide and ' +
            'visit id: an event without one, or with a forged one or another guide’s or ' +
            'visit’s, is refused. A token signed by the server that has expired refuses its ' +
            'events uncounted and names their visit in `renew` (ask for a new token, send ' +
            'them again). Each event’s `id` is its Idempotency-Key: a resent event is counted ' +
            'once (`duplicates`). Events of a guide that is not published (a preview, a ' +
            'draft) or of a stop not in the guide, events whose day is more than 400 days back ' +
            'or more than one day ahead of the server’s UTC date, and a visit’s events past ' +
            'its limit (2,500) are refused (`rejected`; those of a published guide are counted ' +
            'for its publisher); the rest are kept. A language the guide does not have is ' +
            'counted as `other`. The body may come as `application/json` or as `text/plain` ' +
            'holding the JSON (`navigator.sendBeacon`); at most 64 KB.',
          tags: ['insights'],
          headers: z.looseObject({ 'idempotency-key': z.string().max(80).optional() }),
          body: insightBatchSchema,
          response: {
            200: insightBatchResultSchema,
            400: errorSchema,
            413: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (req) => insights.ingest(req.body),
    );
    app.post(
      '/insights/visits/',
      {
        schema: {
          summary: 'A token for one visit of a published guide, which its events carry',
          description:
            'Anyone, no account; rate-limited per address like the other public writes. ' +
            '`visit_id` is the visit the device started when the guide was opened (perhaps ' +
            'offline, before it could ask); left out, the server makes one. The token is ' +
            'signed for this guide and visit and accepted for 6 hours (`expires_at`, and ' +
            '`expires_in` seconds for a device whose clock is off); asking again for the same ' +
            'visit gives a new token for the same visit. A guide that is not published (a ' +
            'preview, a draft, none) answers 404.',
          tags: ['insights'],
          body: insightVisitRequestSchema,
          response: {
            200: insightVisitSchema,
            400: errorSchema,
            404: errorSchema,
            429: errorSchema,
          },
        },
      },
      async (req) => insights.issueVisit(req.body),
    );
  };

/** GET studio/guides/{token}/insights: registered inside the studio plugin (its guard). */
export const insightsStudioRoutes =
  (insights: InsightsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/guides/:token/insights',
      {
        schema: {
          summary: "A guide's insights for a range of local days, beside the previous period",
          description:
            'Needs `Authorization: Bearer <token>` of a member of the owning organisation or an ' +
            'admin. `from` and `to` are inclusive local days at most 731 days apart; the ' +
            'previous period is as many days just before `from`. `language` limits every ' +
            'figure to events in that language (`other`: the languages the guide does not ' +
            'have, folded together); `languages` lists the guide’s, then `other` when it has ' +
            'figures. `refused` counts the events refused in the range by reason (all ' +
            'languages), each on its own local day, or the server’s UTC day when its own is ' +
            'outside the accepted window. Every figure comes from the daily roll-ups.',
          tags: ['studio', 'insights'],
          params: z.object({ token: tokenParam }),
          querystring: insightsQuerySchema,
          response: {
            200: insightsReportSchema,
            400: errorSchema,
            401: errorSchema,
            404: errorSchema,
          },
        },
      },
      async (req) => insights.report(await app.currentUser(req), req.params.token, req.query),
    );
  };
