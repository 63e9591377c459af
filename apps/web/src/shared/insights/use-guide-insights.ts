import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { guideEntryOf, insightLanguage, withoutSignMark, type GuideDetail } from '@earshot/core';
import { useSelectedLanguage } from '../lib/selected-language';
import { openGuideScreen } from './track';

/**
 * The guide screen is open on `guide` (once entered): its events name it and the visit's
 * language, and a new visit starts with its guide-open. A layout effect, so that it is set
 * before the child screens' own effects (a stop's own link selects it in one).
 */
export function useGuideInsights(guide: GuideDetail | undefined, entered: boolean): void {
  const chosen = useSelectedLanguage((s) => (guide ? s.byGuide[guide.token] : undefined));
  const token = entered && guide ? guide.token : null;
  const language = guide ? insightLanguage(guide, chosen) : 'und';
  const location = useLocation();
  const navigate = useNavigate();
  // Where the screen was reached from, as it was when it opened.
  const [entry] = useState(() => guideEntryOf(location));
  useLayoutEffect(
    () => (token ? openGuideScreen(token, language, entry) : undefined),
    [token, language, entry],
  );
  // A sign's mark is counted once: the address shown (and shared on) goes without it.
  const marked = new URLSearchParams(location.search).has('from');
  useEffect(() => {
    if (!marked) return;
    void navigate(
      {
        pathname: location.pathname,
        search: withoutSignMark(location.search),
        hash: location.hash,
      },
      { replace: true, state: { ...(location.state as object | null), entry } },
    );
  }, [marked, navigate, location, entry]);
}
