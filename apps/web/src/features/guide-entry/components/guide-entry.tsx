import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { needsLanguageChoice } from '@earshot/core';
import { useSelectedLanguage } from '../../../shared/lib/selected-language';
import { dropShellSplash } from '../../../shared/lib/shell-splash';
import { afterPaint } from '../../../shared/lib/use-stages';
import { useScavengerHunts } from '../../../shared/hunts/api/get-scavenger-hunts';
import { useGuide, useVisitPois } from '../../../shared/visit/use-guide';
import { requestedPoi, useVisit } from '../../../shared/visit/store';
import { SplashDialog } from './splash-dialog';

// The language choice (and the guide's facts it shows) and the 'Register to take part' banner
// load when they are shown, after the splash, not with the guide screen (the guide route's
// first-load budget, e2e/helpers/budgets.ts).
const LanguageDialog = lazy(() =>
  import('./language-dialog').then((m) => ({ default: m.LanguageDialog })),
);
const CallToAction = lazy(() =>
  import('./call-to-action').then((m) => ({ default: m.CallToAction })),
);

/** Guides whose splash was shown in this page's life: coming back to the guide home skips it. */
const splashed = new Set<string>();

/**
 * guide-detail-home entry (SPEC §2): the splash (unless coming from preload), then the
 * language choice when the guide has languages and none is chosen, the 'Register to take
 * part' banner, a cleared POI search, and the first POI made ready (SPEC §4).
 */
export function GuideEntry() {
  const guide = useGuide();
  const { visible } = useVisitPois();
  const fromPreload = (useLocation().state as { fromPreload?: boolean } | null)?.fromPreload;
  const [splash, setSplash] = useState(() => !fromPreload && !splashed.has(guide.token));
  const chosen = useSelectedLanguage((s) => s.byGuide[guide.token]);
  const setPoiSearch = useVisit((s) => s.setPoiSearch);
  const selectPoi = useVisit((s) => s.selectPoi);
  const selected = useVisit(requestedPoi);
  // The guide screen asks for them as it opens: the banner names them once they are known.
  const hunts = useScavengerHunts(guide.token).data?.length ?? 0;

  // No splash this time (coming from the preload screen): nor the page's own.
  useLayoutEffect(() => {
    if (!splash) dropShellSplash();
  }, [splash]);
  useEffect(() => {
    splashed.add(guide.token);
    setPoiSearch('');
  }, [guide.token, setPoiSearch]);

  // After the splash has painted: selecting renders the stop's subscribers and tells the server
  // (SPEC §4), which in the splash's own commit made that task long
  // (bench/results/2026-11-25-guide-opening-long-tasks-and-splash-picture.md).
  const first = visible[0]?.token;
  useEffect(() => {
    if (!selected && first) return afterPaint(() => selectPoi(first, 'auto'));
  }, [selected, first, selectPoi]);

  const askLanguage = !splash && needsLanguageChoice(guide, chosen);
  return (
    <>
      {splash && <SplashDialog guide={guide} onEnter={() => setSplash(false)} />}
      {askLanguage && (
        <Suspense fallback={null}>
          <LanguageDialog guide={guide} />
        </Suspense>
      )}
      {!splash && !askLanguage && (
        <Suspense fallback={null}>
          <CallToAction badges={guide.badges.length} hunts={hunts} />
        </Suspense>
      )}
    </>
  );
}
