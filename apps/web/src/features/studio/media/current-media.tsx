import { useState } from 'react';
import { formatDuration, imageSource } from '@earshot/core';
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
          // The 224 px variant the server makes, not the original, for a 96 px thumbnail.
          <img
            className={styles.thumb}
            {...imageSource(url, 'thumb')}
            alt={`${label}: the chosen picture`}
          />
        ) : (
          <span className={styles.thumb} aria-hidden="true" />
        )}
      </div>
    );
  return (
    <div className={styles.current} data-kind="audio">
      {/* The pool's file names are content hashes: the length says more about an audio. */}
      <span className={styles.name} title={name}>
        {duration !== null ? (
          <>
            Length <span className={styles.duration}>{formatDuration(duration)}</span>
          </>
        ) : (
          'Audio file'
        )}
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
