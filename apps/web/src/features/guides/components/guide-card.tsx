import { memo, useMemo, useState } from 'react';
import type { GuideSummary } from '@earshot/core';
import { plainText } from '../../../shared/lib/plain-text';
import { DownloadIcon, HeadphonesIcon, PinIcon } from '../../../shared/ui/icons';
import { picture } from '../../../shared/lib/responsive-image';
import styles from './guide-card.module.css';

/** One guide in a list; unchanged cards are not re-rendered as search results change. */
export const GuideCard = memo(function GuideCard({
  guide,
  onOpen,
  first = false,
  lead = false,
  saved = false,
}: {
  guide: GuideSummary;
  onOpen: (g: GuideSummary) => void;
  /** Among the first cards, on screen as the list appears: the picture loads at once. */
  first?: boolean;
  /** The very first card: its picture is what the page preloads (apps/server app-shell/). */
  lead?: boolean;
  /** Saved on this device for offline listening (the list asks once, not every card). */
  saved?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const summary = useMemo(() => plainText(guide.description), [guide.description]);
  const image = guide.splash_url ?? guide.images[0];
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {image && !failed ? (
          <img
            {...picture(image, 'listCard')}
            alt=""
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={lead ? 'high' : undefined}
            decoding="async"
            width={400}
            height={267}
            onError={() => setFailed(true)}
          />
        ) : (
          <div className={styles.fallback}>
            <HeadphonesIcon size={32} />
          </div>
        )}
        {guide.coming_soon && <span className={styles.soon}>Coming soon</span>}
      </div>
      <div className={styles.body}>
        <h2 className={styles.title}>
          <button type="button" className={styles.open} onClick={() => onOpen(guide)}>
            {guide.title}
          </button>
        </h2>
        <p className={styles.place}>
          <PinIcon size={16} />
          {guide.city.name}, {guide.city.state}
        </p>
        <p className={styles.summary}>{summary}</p>
        <p className={styles.meta}>
          <span>{guide.num_pois === 1 ? '1 stop' : `${guide.num_pois} stops`}</span>
          {guide.languages.length > 1 && (
            <span>{guide.languages.map((l) => l.label).join(' · ')}</span>
          )}
          {saved && (
            <span className={styles.saved}>
              <DownloadIcon size={14} />
              Saved offline
            </span>
          )}
        </p>
      </div>
    </article>
  );
});
