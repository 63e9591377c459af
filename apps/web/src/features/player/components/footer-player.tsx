import { useCallback, type CSSProperties } from 'react';
import { poiColor, SEEK_STEP_SECONDS } from '@earshot/core';
import { HeadphonesIcon } from '../../../shared/ui/icons';
import { StaysUsable } from '../../../shared/ui/stays-usable';
import { useGuide, useVisitPois } from '../../../shared/visit/use-guide';
import { useVisit } from '../../../shared/visit/store';
import { useMediaSession } from '../hooks/use-media-session';
import { usePlayerEngine } from '../hooks/use-player-engine';
import { useWakeLock } from '../hooks/use-wake-lock';
import { Back15Icon, Forward15Icon } from './icons';
import { PlayButton } from './play-button';
import { PlayerExtras } from './player-extras';
import { Scrubber } from './scrubber';
import { SpeedButton } from './speed-button';
import { picture } from '../../../shared/lib/responsive-image';
import styles from './footer-player.module.css';

/**
 * SPEC §2 footer player: the one <audio> element of the app, fixed below the guide screen.
 * It plays what the visit store asks for (selecting a POI) and offers what listeners expect
 * of an audio app beyond the SPEC: ±15 s, speed, lock-screen controls, the screen kept on.
 */
export function FooterPlayer() {
  const guide = useGuide();
  const { all } = useVisitPois();
  const { audioRef, audioEvents, state, dispatch, poi, toggle } = usePlayerEngine();
  const openDetail = useVisit((s) => s.openDetail);
  const selectPoi = useVisit((s) => s.selectPoi);
  // From the POI last asked for, not the one rendered: two presses of a headset's 'previous'
  // can come before the player has rendered the first.
  const step = useCallback(
    (by: -1 | 1) => {
      const at = all.findIndex((p) => p.token === useVisit.getState().playRequest?.poi);
      const next = at < 0 ? undefined : all[at + by];
      if (next) selectPoi(next.token, 'user');
    },
    [all, selectPoi],
  );
  useMediaSession({ state, dispatch, poi, guideTitle: guide.title, step });
  useWakeLock(state.status === 'playing' || state.resume === 'playing');

  const image = poi?.image_urls[0];
  const known = state.duration !== null;
  return (
    <StaysUsable>
      <section
        className={`${styles.player} es-player`}
        aria-label="Audio player"
        style={{ '--poi': poiColor(state.color ?? poi?.color) } as CSSProperties}
        data-empty={poi ? undefined : ''}
      >
        <audio ref={audioRef} preload="metadata" {...audioEvents} />
        {poi ? (
          <div className={styles.row}>
            <button
              type="button"
              className={styles.info}
              onClick={() => openDetail('modal')}
              title="Show this stop"
            >
              <span className={styles.thumb}>
                {image ? (
                  <img
                    {...picture(image, 'thumb')}
                    alt=""
                    width={56}
                    height={56}
                    decoding="async"
                  />
                ) : (
                  <HeadphonesIcon size={24} />
                )}
              </span>
              <span className={styles.texts}>
                <span className={styles.title}>{state.title || poi.title}</span>
                <span className={styles.subtitle} data-error={state.error ? '' : undefined}>
                  {state.error ?? state.subtitle}
                </span>
              </span>
            </button>
            <div className={styles.transport}>
              <button
                type="button"
                className={styles.icon}
                aria-label="Back 15 seconds"
                disabled={!known}
                onClick={() => dispatch({ type: 'seekBy', delta: -SEEK_STEP_SECONDS })}
              >
                <Back15Icon size={26} />
              </button>
              <PlayButton state={state} onToggle={toggle} disabled={!state.file} />
              <button
                type="button"
                className={styles.icon}
                aria-label="Forward 15 seconds"
                disabled={!known}
                onClick={() => dispatch({ type: 'seekBy', delta: SEEK_STEP_SECONDS })}
              >
                <Forward15Icon size={26} />
              </button>
            </div>
            <div className={styles.timeline}>
              <Scrubber state={state} dispatch={dispatch} />
            </div>
            <div className={styles.extras}>
              <SpeedButton rate={state.rate} dispatch={dispatch} />
              <PlayerExtras transcript={!!poi.transcript} />
            </div>
          </div>
        ) : (
          <div className={styles.empty}>
            <span className={styles.thumb}>
              <HeadphonesIcon size={24} />
            </span>
            <p>Pick a stop to listen</p>
          </div>
        )}
      </section>
    </StaysUsable>
  );
}
