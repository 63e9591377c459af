import { memo } from 'react';
import { useStopButton, type StopItemProps } from './stop-button';
import { ChallengeStar } from './challenge-star';
import { PoiThumb } from './poi-thumb';
import styles from './stop-row.module.css';

/** A row of the list of stops: the carousel item's content, with room for the subtitle. */
export const StopRow = memo(function StopRow(props: StopItemProps) {
  const { poi, star } = props;
  const { color, button } = useStopButton(props);
  return (
    <button className={styles.row} {...button}>
      <PoiThumb poi={poi} color={color} className={styles.thumb} />
      <span className={styles.text}>
        <span className={styles.top}>
          {poi.keypad_code != null && <span className={styles.code}>{poi.keypad_code}</span>}
          <span className={styles.title}>{poi.title}</span>
        </span>
        {poi.subtitle && <span className={styles.subtitle}>{poi.subtitle}</span>}
      </span>
      {star && <ChallengeStar state={star} />}
    </button>
  );
});
