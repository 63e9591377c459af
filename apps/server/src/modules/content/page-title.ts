import { directoryTitle } from '@earshot/core';
import type { ContentRepository } from './repository.js';
import { pickText } from './serialize.js';

/**
 * The title a guide page will show once its data is in, as the web app's screens set it
 * (apps/web: guide-home, poi-detail/poi-full-page, keypad/directory-page; the directory's is
 * core directoryTitle, which both use), so that the page
 * shell paints with it. POI texts are in the guide's first language, the one a first visit
 * gets. Null when there is no such guide.
 */
export function guidePageTitle(repo: ContentRepository) {
  return async (token: string, child?: string): Promise<string | null> => {
    const guide = await repo.guideByToken(token);
    if (!guide) return null;
    if (child === undefined) return guide.title;
    if (child === 'directory') return directoryTitle(guide.title);
    const poi = await repo.poiByToken(child);
    if (!poi || poi.guide_id !== guide.id) return guide.title;
    const [languages, texts] = await Promise.all([
      repo.languagesByGuide([guide.id]),
      repo.texts([poi.id]),
    ]);
    const first = languages.get(guide.id)?.[0]?.code ?? null;
    return pickText(texts, first)?.title ?? guide.title;
  };
}
