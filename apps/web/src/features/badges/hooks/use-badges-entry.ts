import { useAwards } from '../api/get-awards';
import { useGuideBadges } from '../api/get-guide-badges';
import { useSubscribe } from '../api/post-subscribe';

/**
 * SPEC §2 guide-detail-home entry, the badges' part: a signed-in user is subscribed to the
 * guide and their awards are loaded; the guide's badges (contest type badge) are loaded.
 */
export function useBadgesEntry(guideToken: string): void {
  useSubscribe(guideToken);
  useAwards(guideToken);
  useGuideBadges(guideToken);
}
