import { lazy, startTransition, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Route, Routes, useParams } from 'react-router';
import { guideTokenFromPath, isPreviewToken, isValidToken } from '@earshot/core';
import { FooterPlayer } from '../../features/player/components/footer-player';
import { LocationTriggers } from '../../features/location-triggers/components/location-triggers';
import { BadgeCelebration } from '../../features/badges/components/badge-celebration';
import { ApiError } from '../../shared/api/client';
import { GuideTheme } from '../../shared/theme/guide-theme';
import { useGuideInsights } from '../../shared/insights/use-guide-insights';
import { usePageTitle } from '../../shared/lib/page-title';
import { dropShellSplash } from '../../shared/lib/shell-splash';
import { AfterPaint } from '../../shared/lib/use-stages';
import { useLocationWatch } from '../../shared/location/use-location-watch';
import { tourByTokenQueryOptions } from '../../shared/visit/api/get-tour-by-token';
import { useVisit } from '../../shared/visit/store';
import { GuideSkeleton } from '../layout/route-skeleton';
import { GuideHome } from './guide-home';
import { GuideLoadError } from './guide-load-error';
import { NotFoundRoute } from './not-found';
import styles from './guide.module.css';

const PoiFullPage = lazy(() =>
  import('../../features/poi-detail/components/poi-full-page').then((m) => ({
    default: m.PoiFullPage,
  })),
);
const GuideHuntPage = lazy(() =>
  import('../../features/hunt/components/guide-hunt-page').then((m) => ({
    default: m.GuideHuntPage,
  })),
);
const DirectoryPage = lazy(() =>
  import('../../features/keypad/components/directory-page').then((m) => ({
    default: m.DirectoryPage,
  })),
);
const KeypadDialog = lazy(() =>
  import('../../features/keypad/components/keypad-dialog').then((m) => ({
    default: m.KeypadDialog,
  })),
);
const BadgesOverlay = lazy(() =>
  import('../../features/badges/components/badges-overlay').then((m) => ({
    default: m.BadgesOverlay,
  })),
);
const PreviewBanner = lazy(() =>
  import('../../features/preview/preview-banner').then((m) => ({ default: m.PreviewBanner })),
);
const ShareDialog = lazy(() =>
  import('../../features/sharing/components/share-dialog').then((m) => ({
    default: m.ShareDialog,
  })),
);

/** The child screens set their own titles (a parent's effects run after its children's). */
function GuideLoading() {
  usePageTitle('Loading the guide');
  return <GuideSkeleton />;
}

/**
 * /guide/{token} (SPEC §2): loads the guide, starts the visit (guide entry), and holds the
 * footer player, the keypad, the Sharing dialog and the badges (overlay, celebration) around
 * its child screens.
 */
export function GuideRoute() {
  const token = guideTokenFromPath(useParams().token ?? '');
  const valid = isValidToken(token);
  const guide = useQuery({ ...tourByTokenQueryOptions(token), enabled: valid });
  const enterGuide = useVisit((s) => s.enterGuide);
  const entered = useVisit((s) => s.guideToken === token);
  const keypad = useVisit((s) => s.keypad !== null);
  const share = useVisit((s) => s.share !== null);
  const badges = useVisit((s) => s.overlay === 'badges');
  useGuideInsights(guide.data, entered);
  // The position is watched for the whole visit, whichever view (map or list) is shown.
  useLocationWatch();
  // In a task of its own: the guide's answer arrives in one (React renders it at once), and the
  // screen's first render is enough for another. That render is a transition (React renders it
  // in slices): the store's change alone would render the whole screen at once, as an update
  // through useSyncExternalStore always does.
  const [shown, setShown] = useState(entered);
  useEffect(() => {
    if (!guide.data) return;
    const layers = guide.data.layers.map((l) => l.id);
    const timer = window.setTimeout(() => {
      enterGuide(token, layers);
      startTransition(() => setShown(true));
    });
    return () => window.clearTimeout(timer);
  }, [guide.data, token, enterGuide]);

  const missing = !valid || (guide.error instanceof ApiError && guide.error.status === 404);
  // No guide to enter: the page's own splash (see GuideEntry) gives way to the message.
  useLayoutEffect(() => {
    if (missing || guide.isError) dropShellSplash();
  }, [missing, guide.isError]);
  if (missing) return <NotFoundRoute />;
  if (guide.isError)
    return <GuideLoadError error={guide.error} retry={() => void guide.refetch()} />;
  // The theme at the same place in the tree while the guide loads and once it shows: applied
  // once, not removed and applied again (a style sheet and the page's styles twice) as the
  // screen replaces the loading state.
  const theme = <GuideTheme token={token} />;
  if (!guide.data || !entered || !shown)
    return (
      <>
        {theme}
        <GuideLoading />
      </>
    );
  return (
    <>
      {theme}
      <div className={styles.visit}>
        {isPreviewToken(token) && (
          <Suspense fallback={null}>
            <PreviewBanner token={token} />
          </Suspense>
        )}
        <Suspense fallback={<GuideSkeleton />}>
          <Routes>
            <Route index element={<GuideHome />} />
            <Route path="directory" element={<DirectoryPage />} />
            <Route path="scavenger_hunt" element={<GuideHuntPage />} />
            <Route path=":poiToken" element={<PoiFullPage />} />
            <Route path="*" element={<NotFoundRoute />} />
          </Routes>
        </Suspense>
        {/* After the screen's first paint (its splash): see GuideHome. */}
        <AfterPaint>
          <FooterPlayer />
          <LocationTriggers />
          <BadgeCelebration />
        </AfterPaint>
        <Suspense fallback={null}>
          {keypad && <KeypadDialog />}
          {share && <ShareDialog />}
          {badges && <BadgesOverlay />}
        </Suspense>
      </div>
    </>
  );
}
