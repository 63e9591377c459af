import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBadgeNews } from '../../../shared/badges/news-store';
import { CloseIcon } from '../../../shared/ui/icons';
import { useVisit } from '../../../shared/visit/store';
import styles from './badge-celebration.module.css';

/** How long a celebration stays, unless the visitor points at it or moves focus into it. */
export const CELEBRATION_MS = 10_000;

const SPARKS = 8;

/**
 * A new badge or level reached on a visit (issue 10: it is celebrated): said by a polite status
 * message, shown with a short burst around the badge's picture (still for those who ask for
 * reduced motion), one at a time. Every counted visit also has the badges read again.
 */
export function BadgeCelebration() {
  const qc = useQueryClient();
  const counted = useBadgeNews((s) => s.counted);
  const current = useBadgeNews((s) => s.queue[0] ?? null);
  const done = useBadgeNews((s) => s.shown);
  const overlayOpen = useVisit((s) => s.overlay === 'badges');
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const holding = held.pointer || held.focus;

  useEffect(() => {
    if (counted === 0) return;
    void qc.invalidateQueries({ queryKey: ['badges'] });
    void qc.invalidateQueries({ queryKey: ['awards'] });
  }, [counted, qc]);

  useEffect(() => {
    if (!current || holding) return;
    const t = window.setTimeout(done, CELEBRATION_MS);
    return () => window.clearTimeout(t);
  }, [current, holding, done]);

  const next = () => {
    setHeld({ pointer: false, focus: false });
    done();
  };

  return (
    <div className={styles.region} role="status" aria-live="polite" aria-label="Badge news">
      {current && (
        <div
          key={current.key}
          className={styles.card}
          data-kind={current.kind}
          onPointerEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
          onPointerLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
          onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget))
              setHeld((h) => ({ ...h, focus: false }));
          }}
        >
          <p className="visually-hidden">
            {current.text}. {current.message}
          </p>
          <div className={styles.medal} aria-hidden="true">
            <span className={styles.rays} />
            {Array.from({ length: SPARKS }, (_, i) => (
              <span key={i} className={styles.spark} />
            ))}
            {current.image && <img src={current.image} alt="" width={64} height={64} />}
          </div>
          <div className={styles.words} aria-hidden="true">
            <p className={styles.kicker}>
              {current.kind === 'new-badge' ? 'New badge' : 'Level up'}
            </p>
            <p className={styles.what}>
              {current.badgeName} <span className={styles.levelName}>{current.levelName}</span>
            </p>
            {current.message && <p className={styles.message}>{current.message}</p>}
          </div>
          <div className={styles.actions}>
            {!overlayOpen && (
              <button
                type="button"
                className={styles.see}
                onClick={() => {
                  useVisit.getState().openBadges();
                  next();
                }}
              >
                See badges
              </button>
            )}
            <button
              type="button"
              className={styles.close}
              aria-label="Dismiss badge news"
              onClick={next}
            >
              <CloseIcon size={18} />
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
