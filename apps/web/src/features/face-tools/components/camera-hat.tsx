import { useRef, useState, type CSSProperties } from 'react';
import { CAMERA_MESSAGES, MODEL_FAILED_MESSAGE, NO_FACE_MESSAGE } from '@earshot/core';
import buttons from '../../../shared/ui/button.module.css';
import { Icon } from '../../../shared/ui/icons';
import { PressedChoice } from '../../../shared/ui/pressed-choice';
import { useCamera, type Facing } from '../lib/use-camera';
import { useFaceDetector } from '../lib/use-face-detector';
import { useHatTracking } from '../lib/use-hat-tracking';
import { UnsupportedBrowser } from './unsupported-browser';
import styles from './camera-hat.module.css';

const CameraIcon = () => (
  <Icon size={32}>
    <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
    <circle cx="12" cy="13" r="3.5" />
  </Icon>
);

const FACINGS: [Facing, string][] = [
  ['user', 'Front'],
  ['environment', 'Rear'],
];

/**
 * SPEC §2 test page: the camera's live preview with a hat on the face it tracks, following
 * the head's position, size and tilt; front or rear camera.
 */
export function CameraHat() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const camera = useCamera();
  const { video } = camera;
  // The model loads with the first start and stays for the next (a stop is not a goodbye).
  const [started, setStarted] = useState(false);
  const model = useFaceDetector('video', started);
  const start = (f: Facing) => {
    setStarted(true);
    void camera.start(f);
  };
  const live = camera.state.status === 'live';
  const facing = camera.state.status === 'live' ? camera.state.facing : null;
  const detector = model.status === 'ready' ? model.detector : null;
  const tracking = useHatTracking(video, canvas, detector, facing === 'user', live);
  // The camera picture's shape: the preview takes it, so nothing is cropped away.
  const [ratio, setRatio] = useState<number | null>(null);
  const measure = (e: React.SyntheticEvent<HTMLVideoElement>) => {
    const { videoWidth: w, videoHeight: h } = e.currentTarget;
    setRatio(w && h ? w / h : null);
  };

  if (model.status === 'unsupported') return <UnsupportedBrowser />;
  const error = camera.state.status === 'error' ? CAMERA_MESSAGES[camera.state.problem] : null;

  const status = !live
    ? camera.state.status === 'starting'
      ? 'Starting the camera…'
      : ''
    : model.status === 'failed'
      ? MODEL_FAILED_MESSAGE
      : model.status === 'loading'
        ? 'Loading the face model…'
        : tracking === 'face'
          ? 'Hat on: move or tilt your head.'
          : tracking === 'no-face'
            ? NO_FACE_MESSAGE
            : 'Looking for a face…';

  return (
    <div className={styles.tool}>
      <div
        className={styles.viewer}
        style={live && ratio ? ({ '--ratio': ratio.toFixed(4) } as CSSProperties) : undefined}
      >
        <div className={styles.stage} data-mirror={facing === 'user' ? '' : undefined}>
          <video
            ref={video}
            className={styles.video}
            muted
            playsInline
            aria-label="Camera preview"
            onLoadedMetadata={measure}
            onResize={measure}
          />
          <canvas
            ref={canvas}
            className={styles.overlay}
            data-testid="hat-overlay"
            aria-hidden="true"
          />
          {!live && (
            <div className={styles.panel}>
              {error ? (
                <div role="alert" className={styles.message}>
                  <h2>{error.title}</h2>
                  <p>{error.text}</p>
                </div>
              ) : (
                <div className={styles.message}>
                  <span className={styles.badge}>
                    <CameraIcon />
                  </span>
                  <h2>Try on a hat</h2>
                  <p>Your camera’s picture stays on this device: nothing is uploaded.</p>
                </div>
              )}
              <button
                type="button"
                className={buttons.button}
                disabled={camera.state.status === 'starting'}
                onClick={() => start('user')}
              >
                {error ? 'Try again' : 'Start camera'}
              </button>
            </div>
          )}
          <p
            className={styles.status}
            role="status"
            data-tracking={live ? tracking : undefined}
            hidden={!status}
          >
            {status}
          </p>
        </div>
        {live && (
          <div className={styles.controls}>
            <PressedChoice
              label="Camera"
              options={FACINGS}
              value={facing ?? 'user'}
              onChange={start}
            />
            <button
              type="button"
              className={`${buttons.button} ${buttons.secondary}`}
              onClick={() => camera.stop()}
            >
              Stop camera
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
