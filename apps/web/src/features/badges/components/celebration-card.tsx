import { useEffect, useState } from 'react';
import type { Celebration } from '@earshot/core';
import { useBadgeNews } from '../../../shared/badges/news-store';
import { CloseIcon } from '../../../shared/ui/icons';
import { useVisit } from '../../../shared/visit/store';
import { CELEBRATION_MS } from './celebration-timing';
import styles from './badge-celebration.module.css';

const SPARKS = 8;

/**
 * One celebration (BadgeCelebration shows the first waiting): the badge's picture with a short
 * burst (still for those who ask for reduced motion), its words, 'See badges' and Dismiss. It
 * stays CELEBRATION_MS, longer while pointed at or focused.
 */
export function CelebrationCard({ current }: { current: Celebration }) {
  const done = useBadgeNews((s) => s.shown);
  const overlayOpen = useVisit((s) => s.overlay === 'badges');
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const holding = held.pointer || held.focus;

  useEffect(() => {
    if (holding) return;
    const t = window.setTimeout(done, CELEBRATION_MS);
    return () => window.clearTimeout(t);
  }, [holding, done]);

  const next = () => {
    setHeld({ pointer: false, focus: false });
    done();
  };

  return (
    <div
      className={styles.card}
      data-kind={current.kind}
      onPointerEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
      onPointerLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld((h) => ({ ...h, focus: false }));
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
        <p className={styles.kicker}>{current.kind === 'new-badge' ? 'New badge' : 'Level up'}</p>
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
  );
}
