import { useParams } from 'react-router';
import { isValidToken, routeId } from '@earshot/core';
import { ChallengePage } from '../../features/challenge/components/challenge-page';
import { PoiChallengeRedirect } from '../../features/challenge/components/poi-challenge-redirect';
import { ChallengeGuideTheme } from '../../shared/theme/hunt-theme';
import { NotFoundRoute } from './not-found';

/** /challenge/{challenge_id} (SPEC §2 challenge-detail; digits only, SPEC §5). */
export function ChallengeRoute() {
  const id = routeId(useParams().id ?? '');
  if (id === null) return <NotFoundRoute />;
  return (
    <>
      <ChallengeGuideTheme challengeId={id} />
      <ChallengePage key={id} id={id} notFound={<NotFoundRoute />} />
    </>
  );
}

/** /poi/{poi_token}/challenge (SPEC §2): to the POI's first challenge, else the 404 page. */
export function PoiChallengeRoute() {
  const token = useParams().poiToken ?? '';
  return (
    <PoiChallengeRedirect
      key={token}
      poiToken={token}
      valid={isValidToken(token)}
      notFound={<NotFoundRoute />}
    />
  );
}
