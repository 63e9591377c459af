import { useState } from 'react';
import { formatDuration } from '@earshot/core';
import styles from './media-field.module.css';

/** What a media field holds: the picture, or the audio with its length and a player. */
export function CurrentMedia({
  kind,
  url,
  name,
  label,
}: {
  kind: 'audio' | 'image';
  url: string | null;
  name: string;
  label: string;
}) {
  const [duration, setDuration] = useState<number | null>(null);
  if (kind === 'image')
    return (
      <div className={styles.current}>
        {url ? (
          <img className={styles.thumb} src={url} alt={`${label}: the chosen picture`} />
        ) : (
          <span className={styles.thumb} aria-hidden="true" />
        )}
        <span className={styles.name} title={name}>
          {name}
        </span>
      </div>
    );
  return (
    <div className={styles.current} data-kind="audio">
      <span className={styles.name} title={name}>
        {name}
        <span className={styles.duration}>
          {duration !== null ? ` · ${formatDuration(duration)}` : ''}
        </span>
      </span>
      {url ? (
        <audio
          className={styles.audio}
          controls
          preload="metadata"
          src={url}
          aria-label={label}
          onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        />
      ) : null}
    </div>
  );
}
