import { useEffect, useRef } from 'react';

/**
 * Placed after a paged list: asks for the next page when the visitor scrolls within
 * `ahead` of the end. The observer is made anew after each page (`pages`), so a page too short
 * to move the sentinel out of view still leads to the next one.
 */
export function PageSentinel({
  active,
  pages,
  onNeed,
  ahead = 800,
}: {
  active: boolean;
  pages: number;
  onNeed: () => void;
  ahead?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const need = useRef(onNeed);
  useEffect(() => {
    need.current = onNeed;
  }, [onNeed]);
  useEffect(() => {
    const el = ref.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) need.current();
      },
      { rootMargin: `${ahead}px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [active, pages, ahead]);
  return <div ref={ref} aria-hidden="true" style={{ height: 1 }} />;
}
