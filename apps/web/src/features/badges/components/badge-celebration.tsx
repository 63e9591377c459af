import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBadgeNews } from '../../../shared/badges/news-store';
import styles from './badge-celebration.module.css';

export { CELEBRATION_MS } from './celebration-timing';

// The card's code loads with the first news, not with the guide screen (the guide route's
// first-load budget, e2e/helpers/budgets.ts); the live region that says it is there from the start,
// so the news is announced when the card arrives in it.
const CelebrationCard = lazy(() =>
  import('./celebration-card').then((m) => ({ default: m.CelebrationCard })),
);

/**
 * A new badge or level reached on a visit, celebrated (decision 0009): said by a polite status
 * message, shown one at a time (CelebrationCard). Every counted visit also has the badges read
 * again.
 */
export function BadgeCelebration() {
  const qc = useQueryClient();
  const counted = useBadgeNews((s) => s.counted);
  const current = useBadgeNews((s) => s.queue[0] ?? null);

  useEffect(() => {
    if (counted === 0) return;
    void qc.invalidateQueries({ queryKey: ['badges'] });
    void qc.invalidateQueries({ queryKey: ['awards'] });
  }, [counted, qc]);

  return (
    <div className={styles.region} role="status" aria-live="polite" aria-label="Badge news">
      {current && (
        <Suspense fallback={null}>
          <CelebrationCard key={current.key} current={current} />
        </Suspense>
      )}
    </div>
  );
}
