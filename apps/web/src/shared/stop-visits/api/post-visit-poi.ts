import { IDEMPOTENCY_HEADER, visitPoiResultSchema, type VisitPoiResult } from '@earshot/core';
import { apiSend } from '../../api/client';
import { parseWith } from '../../api/schema-parse';

export type VisitBody = { guide_token: string; poi_token: string; language: string | null };

/**
 * SPEC §7 visit_poi/: the visitor reached a POI's badge radius. Signed in, the call carries
 * `Authorization` (apiSend) and the server gives badge points once per user and POI, saying
 * what changed; a visitor's visit is recorded for the publisher only. The key, made once when
 * the visit happened, goes with every attempt: a retry after a lost reply gets the first reply
 * back (200) and records nothing twice.
 */
export const postVisitPoi = (
  visit: VisitBody,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<VisitPoiResult> =>
  apiSend(
    'POST',
    'visit_poi/',
    { guide_token: visit.guide_token, poi_token: visit.poi_token, language: visit.language },
    parseWith(visitPoiResultSchema),
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, signal },
  );
