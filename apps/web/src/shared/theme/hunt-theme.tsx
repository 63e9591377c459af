import { useQuery } from '@tanstack/react-query';
import { useChallenge } from '../hunts/api/get-challenge';
import { scavengerHuntQueryOptions, useScavengerHunt } from '../hunts/api/get-scavenger-hunt';
import { GuideTheme } from './guide-theme';

/** /hunt/{id}: the theme of the hunt's guide (the hunt answer names it; same query as the page). */
export function HuntGuideTheme({ huntId }: { huntId: number }) {
  return <GuideTheme token={useScavengerHunt(huntId).data?.guide_token ?? null} />;
}

/** /challenge/{id}: the theme of the guide whose hunt holds the challenge. */
export function ChallengeGuideTheme({ challengeId }: { challengeId: number }) {
  const huntId = useChallenge(challengeId).data?.scavenger_hunt;
  const hunt = useQuery({ ...scavengerHuntQueryOptions(huntId ?? 0), enabled: huntId != null });
  return <GuideTheme token={hunt.data?.guide_token ?? null} />;
}
