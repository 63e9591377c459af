import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  insightBatchResultSchema,
  insightBatchSchema,
  insightsQuerySchema,
  insightsReportSchema,
  tokenParam,
} from '@earshot/core';
import { BadRequestError } from '../../plugins/errors.js';
import type { InsightsService } from './service.js';

/** Room for 50 events with long tokens; a larger body is refused (413). */
export const EVENTS_BODY_LIMIT = 64 * 1024;

/** POST insights/events/ (anyone, no account): registered under /api/v1. */
export const insightsEventRoutes =
  (insights: InsightsService): FastifyPluginAsyncZod =>
  async (app) => {
    // navigator.sendBeacon on `pagehide` may send the JSON as text/plain (a string body): read
    // it as JSON here, in this plugin only, so the last events of a visit are not lost.
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new BadRequestError('The body is not JSON'), undefined);
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
            '1–50 events; no account, no user, no address is stored with them. Each event’s ' +
            '`id` is its Idempotency-Key: a resent event is counted once (`duplicates`). ' +
            'Events of a guide that is not published (a preview, a draft) or of a stop not in ' +
            'the guide, and events whose day is more than 400 days back or more than one day ' +
            'ahead of the server’s UTC date, are dropped (`rejected`); the rest are kept. ' +
            'The body may come as `application/json` or as `text/plain` holding the JSON ' +
            '(`navigator.sendBeacon`); at most 64 KB.',
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
            'figure to events in that language. Every figure comes from the daily roll-ups.',
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
