import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  canEnterPreloaded,
  formatBytes,
  MIN_SPLASH_TIME_MS,
  progressLabel,
  type GuideDetail,
} from '@earshot/core';
import { useTourDownload } from '../hooks/use-tour-download';
import styles from './preload-screen.module.css';

/** Whether the minimum splash time (SPEC §9, 5000 ms) has passed since the screen opened. */
function useMinTimePassed(): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const t = setTimeout(() => setElapsed(MIN_SPLASH_TIME_MS), MIN_SPLASH_TIME_MS);
    return () => clearTimeout(t);
  }, []);
  return elapsed;
}

/**
 * SPEC §2 Preload screen: the guide's splash behind a progress bar (percentage to two
 * decimals) while its files are saved for offline use, then Enter, which replaces the route
 * with the guide home (no splash: the visitor just saw it here).
 */
export function PreloadScreen({ guide }: { guide: GuideDetail }) {
  const navigate = useNavigate();
  const location = useLocation();
  // Where the visit comes from (docs/insights.md "Entries"), for the guide screen to count: the
  // list's (through the confirm dialog), or an offline link opened from outside the app.
  const [from] = useState(() => ({
    entry: (location.state as { entry?: unknown } | null)?.entry,
    landed: location.key === 'default',
  }));
  const { progress, finished, unsupported, spaceLeft } = useTourDownload(guide);
  const elapsed = useMinTimePassed();
  const [imageFailed, setImageFailed] = useState(false);
  const image = guide.splash_url ?? guide.images[0] ?? null;
  const total = progress?.total ?? 1;
  const settled = finished ? total : (progress?.settled ?? 0);
  const ready = (finished || unsupported) && canEnterPreloaded(settled, total, elapsed);
  const label = progressLabel(settled, total);
  const enter = () => {
    void navigate(`/guide/${encodeURIComponent(guide.token)}`, {
      replace: true,
      state: { fromPreload: true, ...from },
    });
  };

  return (
    <section className={`${styles.screen} es-splash`} aria-labelledby="preload-title">
      {image && !imageFailed ? (
        <img className={styles.backdrop} src={image} alt="" onError={() => setImageFailed(true)} />
      ) : (
        <div className={styles.plain} />
      )}
      <div className={styles.shade} />
      <div className={styles.panel}>
        <p className={styles.kicker}>
          {guide.city.name}, {guide.city.state}
        </p>
        <h1 id="preload-title" className={styles.title}>
          {guide.title}
        </h1>
        <p className={styles.status} aria-live="polite">
          {unsupported
            ? 'This browser cannot save the guide here: it will play online.'
            : finished
              ? 'Saved on this device: the guide works without a signal.'
              : 'Saving the guide for offline listening…'}
        </p>
        {!unsupported && (
          <div className={styles.meter}>
            <div
              className={styles.bar}
              role="progressbar"
              aria-label="Saving the guide"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Number(label.slice(0, -1))}
              aria-valuetext={label}
            >
              <div className={styles.fill} style={{ transform: `scaleX(${settled / total})` }} />
            </div>
            <span className={styles.percent}>{label}</span>
          </div>
        )}
        {progress && !unsupported && (
          <p className={styles.details}>
            {formatBytes(progress.bytes)} saved · {progress.settled} of {progress.total} files
            {spaceLeft !== null && <> · {formatBytes(spaceLeft)} free on this device</>}
          </p>
        )}
        {finished && progress && progress.failed > 0 && (
          <p className={styles.details}>
            {progress.failed === 1 ? '1 file' : `${progress.failed} files`} could not be saved: they
            load when there is a signal.
          </p>
        )}
        <div className={styles.action}>
          {ready ? (
            <button type="button" className={styles.enter} onClick={enter} autoFocus>
              Enter
            </button>
          ) : (
            <p className={styles.hint}>
              Tip: keep the screen on while you walk — browsers give no location with the screen
              off.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
