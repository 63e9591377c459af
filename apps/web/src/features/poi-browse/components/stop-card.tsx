import { memo } from 'react';
import { useStopButton, type StopItemProps } from './stop-button';
import { ChallengeStar } from './challenge-star';
import { PoiThumb } from './poi-thumb';
import styles from './stop-card.module.css';

/** A carousel item (SPEC §2): picture, the POI colour as bar and border, keypad code, title, star. */
export const StopCard = memo(function StopCard(props: StopItemProps) {
  const { poi, star } = props;
  const { color, button } = useStopButton(props);
  return (
    <button className={`${styles.card} es-card`} {...button}>
      <span className={styles.media}>
        <PoiThumb poi={poi} color={color} className={styles.thumb} />
        {poi.keypad_code != null && <span className={styles.code}>{poi.keypad_code}</span>}
        {star && (
          <span className={styles.star}>
            <ChallengeStar state={star} />
          </span>
        )}
      </span>
      <span className={`${styles.title} es-card-title`}>{poi.title}</span>
    </button>
  );
});
