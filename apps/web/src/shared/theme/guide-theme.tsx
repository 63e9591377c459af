import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { jsonPath } from '@earshot/core';
import { applyTheme, GUIDE_SCOPE } from './apply-theme';
import { guideThemeQueryOptions } from './get-guide-theme';

/**
 * The open guide's theme (SPEC §3), applied while this is mounted: the guide screen, its
 * splash and dialogs, the preload screen and the guide's hunt and challenge pages mount it.
 * Unmounting (the visitor leaves the guide) removes the sheet and the page's marker.
 */
export function GuideTheme({ token }: { token: string | null }) {
  const theme = useQuery({ ...guideThemeQueryOptions(token ?? ''), enabled: token !== null });
  const { data, error } = theme;
  useEffect(() => {
    if (error) console.error('The guide theme did not load; the app colours are used.', error);
  }, [error]);
  useEffect(() => {
    if (!data) return;
    const { remove, problems } = applyTheme(data, GUIDE_SCOPE);
    for (const p of problems) console.warn(`Theme entry ${jsonPath(p.path)} skipped: ${p.message}`);
    const root = document.documentElement;
    root.setAttribute('data-guide-theme', '');
    return () => {
      root.removeAttribute('data-guide-theme');
      remove();
    };
  }, [data]);
  return null;
}
