import { celebrationsOf, type VisitPoiResult } from '@earshot/core';
import { useBadgeNews } from './news-store';

// Two modules: the store (news-store.ts), which the guide screen reads from its first paint, and
// this, which turns a visit's answer into news: it needs core's badge rules (celebrationsOf),
// loaded with the code that sends visits, not with the screen (its first-load budget).

/** The server's answer to a visit (visit_poi/): what it reached is celebrated, once each. */
export function visitAnswered(result: VisitPoiResult): void {
  if (result.counted) useBadgeNews.getState().visitCounted(celebrationsOf(result.awards));
}
