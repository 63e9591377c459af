import { useLayoutEffect } from 'react';
import { insightLanguage, type GuideDetail } from '@earshot/core';
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
  useLayoutEffect(() => (token ? openGuideScreen(token, language) : undefined), [token, language]);
}
