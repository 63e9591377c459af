import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { usePoiTokenChallenges } from '../../../shared/hunts/api/get-poi-token-challenges';
import { usePageTitle } from '../../../shared/lib/page-title';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';

/**
 * /poi/{poi_token}/challenge (SPEC §2): the first challenge of that POI, or the 404 page when
 * it has none.
 */
export function PoiChallengeRedirect({
  poiToken,
  valid,
  notFound,
}: {
  poiToken: string;
  valid: boolean;
  notFound: ReactNode;
}) {
  const challenges = usePoiTokenChallenges(poiToken, valid);
  const none = !valid || challenges.data?.length === 0;
  usePageTitle(none ? 'Page not found' : 'Challenge');
  if (!valid) return notFound;
  if (challenges.isError)
    return (
      <EmptyState title="The challenge could not be loaded">
        <p>Check your connection and try again.</p>
      </EmptyState>
    );
  if (!challenges.data) return <Spinner label="Loading the challenge" />;
  const first = challenges.data[0];
  return first ? <Navigate replace to={`/challenge/${first.id}`} /> : notFound;
}
