import { useLayoutEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { previewLinkPath } from '@earshot/core';
import { apiGet } from '../../shared/api/client';
import styles from './preview-banner.module.css';

const readLink = (data: unknown) => {
  const at = (data as { expires_at?: unknown } | null)?.expires_at;
  return typeof at === 'string' ? at : null;
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A studio preview shown in the visitor app says so, and until when its link works
 * (docs/studio.md, Preview): nobody mistakes a draft for the published guide. Loaded only for
 * a preview's token, so a published guide's first load carries none of it.
 */
export function PreviewBanner({ token }: { token: string }) {
  const expires = useQuery({
    queryKey: ['preview-link', token],
    queryFn: ({ signal }) => apiGet(previewLinkPath(token), readLink, signal),
    staleTime: 60_000,
  }).data;
  // The guide screen fills the window: its map is as much shorter as the banner is tall.
  const box = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const seen = new ResizeObserver(([e]) =>
      root.setProperty('--preview-h', `${e!.borderBoxSize[0]!.blockSize}px`),
    );
    seen.observe(box.current!);
    return () => {
      seen.disconnect();
      root.removeProperty('--preview-h');
    };
  }, []);
  return (
    <aside ref={box} className={styles.banner} aria-label="Preview">
      <strong>Preview — not published</strong>
      {expires && <span>This link works until {when(expires)}.</span>}
    </aside>
  );
}
