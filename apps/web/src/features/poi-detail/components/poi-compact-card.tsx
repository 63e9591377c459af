import { useEffect } from 'react';
import type { Poi } from '@earshot/core';
import { useVisit } from '../../../shared/visit/store';
import { CloseIcon } from '../../../shared/ui/icons';
import { ChevronUpIcon, PhotoIcon } from './icons';
import { KeypadCode } from './keypad-code';
import { picture } from '../../../shared/lib/responsive-image';
import styles from './poi-compact-card.module.css';

export const loadDetailDialog = () => import('./poi-detail-dialog');

/**
 * The 'compact' layout: a card over the map just above the carousel (top-left on wide
 * screens) with the stop's picture, code and title; More opens the whole detail.
 */
export function PoiCompactCard({ poi }: { poi: Poi }) {
  const view = useVisit((s) => s.view);
  const openDetail = useVisit((s) => s.openDetail);
  const closeDetail = useVisit((s) => s.closeDetail);
  const image = poi.image_urls[0];
  useEffect(() => {
    void loadDetailDialog();
  }, []);
  return (
    <section
      className={styles.card}
      data-view={view}
      aria-label={`Selected stop: ${poi.title}`}
      onKeyDown={(e) => {
        // Closing the overlay is the back action (SPEC §4); Escape is the keyboard's back.
        if (e.key === 'Escape') {
          e.stopPropagation();
          closeDetail();
        }
      }}
    >
      <div className={styles.thumb}>
        {image ? (
          <img {...picture(image, 'thumb')} alt="" />
        ) : (
          <PhotoIcon size={28} className={styles.noImage} />
        )}
      </div>
      <div className={styles.text}>
        <KeypadCode code={poi.keypad_code} color={poi.color} className={styles.code} />
        <h2 className={styles.title}>{poi.title}</h2>
        {poi.subtitle && <p className={styles.subtitle}>{poi.subtitle}</p>}
      </div>
      <div className={styles.buttons}>
        <button
          type="button"
          className={styles.close}
          aria-label="Close the stop"
          onClick={closeDetail}
        >
          <CloseIcon size={18} />
        </button>
        <button
          type="button"
          className={styles.more}
          aria-label={`More about ${poi.title}`}
          onClick={() => openDetail('modal')}
        >
          More
          <ChevronUpIcon size={16} />
        </button>
      </div>
    </section>
  );
}
