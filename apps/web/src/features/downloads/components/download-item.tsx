import { useState } from 'react';
import { Link } from 'react-router';
import { formatBytes } from '@earshot/core';
import type { DownloadedGuide } from '../../../shared/offline/downloads';
import { HeadphonesIcon, InfoIcon, PinIcon, TrashIcon } from '../../../shared/ui/icons';
import { counted } from './counted';
import styles from './download-item.module.css';

// The visitor's own way of writing dates: "23 Nov 2026", "Nov 23, 2026", …
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** One saved guide: what it is, what it takes, when it was saved; open it or delete it. */
export function DownloadItem({
  guide,
  onDelete,
}: {
  guide: DownloadedGuide;
  /** `button` gets the focus back if the visitor keeps the guide after all. */
  onDelete: (guide: DownloadedGuide, button: HTMLButtonElement) => void;
}) {
  const [broken, setBroken] = useState(false);
  const saved = new Date(guide.savedAt);
  return (
    <article className={styles.item}>
      <div className={styles.media}>
        {guide.image && !broken ? (
          <img
            src={guide.image}
            alt=""
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
            onError={() => setBroken(true)}
          />
        ) : (
          <div className={styles.fallback}>
            <HeadphonesIcon size={28} />
          </div>
        )}
      </div>
      <div className={styles.body}>
        <h2 className={styles.title}>{guide.title}</h2>
        {guide.place && (
          <p className={styles.place}>
            <PinIcon size={16} />
            {guide.place}
          </p>
        )}
        <p className={styles.meta}>
          <span>{formatBytes(guide.bytes)}</span>
          <span>{counted(guide.files, 'file')}</span>
          <span>
            Saved <time dateTime={saved.toISOString()}>{dateFormat.format(saved)}</time>
          </span>
        </p>
        {guide.failed > 0 && (
          <p className={styles.note}>
            <InfoIcon size={16} />
            {guide.failed === 1 ? '1 file plays' : `${guide.failed} files play`} online only
          </p>
        )}
        <div className={styles.actions}>
          <Link
            to={`/guide/${encodeURIComponent(guide.token)}`}
            className={styles.open}
            aria-label={`Open ${guide.title}`}
          >
            Open
          </Link>
          <button
            type="button"
            className={styles.delete}
            aria-label={`Delete ${guide.title} from this device`}
            aria-haspopup="dialog"
            onClick={(e) => onDelete(guide, e.currentTarget)}
          >
            <TrashIcon size={18} />
            Delete
          </button>
        </div>
      </div>
    </article>
  );
}
