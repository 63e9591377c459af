import { useState } from 'react';
import type { Poi } from '@earshot/core';
import { HeadphonesIcon } from '../../../shared/ui/icons';
import { picture } from '../../../shared/lib/responsive-image';
import styles from './poi-thumb.module.css';

/** The first picture of a stop (SPEC §2 carousel item), or its colour when it has none or it fails. */
export function PoiThumb({
  poi,
  color,
  className,
}: {
  poi: Poi;
  color: string;
  className?: string;
}) {
  const src = poi.images[0] ?? poi.image_urls[0];
  const [failed, setFailed] = useState(false);
  return (
    <span className={`${styles.thumb} ${className ?? ''}`} style={{ backgroundColor: color }}>
      {src && !failed ? (
        <img
          className={styles.img}
          {...picture(src, 'thumb')}
          alt={poi.title}
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setFailed(true)}
        />
      ) : (
        <HeadphonesIcon size={26} className={styles.placeholder} />
      )}
    </span>
  );
}
