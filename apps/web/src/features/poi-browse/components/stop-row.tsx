import { memo } from 'react';
import { seasonNotice, seasonNoticeText } from '@earshot/core';
import { useVisitDay } from '../../../shared/visit/use-guide';
import { useStopButton, type StopItemProps } from './stop-button';
import { ChallengeStar } from './challenge-star';
import { PoiThumb } from './poi-thumb';
import styles from './stop-row.module.css';

/** A row of the list of stops: the carousel item's content, with room for the subtitle. */
export const StopRow = memo(function StopRow(props: StopItemProps) {
  const { poi, star } = props;
  const { color, button } = useStopButton(props);
  // A stop the guide marks outside its dates says so in the list (docs "Seasons").
  const notice = seasonNotice(poi, useVisitDay());
  const away = notice && notice.kind !== 'until' ? seasonNoticeText(notice) : null;
  return (
    <button className={styles.row} {...button}>
      <PoiThumb poi={poi} color={color} className={styles.thumb} />
      <span className={styles.text}>
        <span className={styles.top}>
          {poi.keypad_code != null && <span className={styles.code}>{poi.keypad_code}</span>}
          <span className={styles.title}>{poi.title}</span>
        </span>
        {poi.subtitle && <span className={styles.subtitle}>{poi.subtitle}</span>}
        {away && <span className={styles.subtitle}>{away}</span>}
      </span>
      {star && <ChallengeStar state={star} />}
    </button>
  );
});
