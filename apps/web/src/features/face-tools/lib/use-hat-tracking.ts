import { useEffect, useState } from 'react';
import { fitTransform, hatInView, hatPlacement, type HatPlacement } from '@earshot/core';
import type { FaceDetector } from './face-mesh';
import { drawHat } from './draw-hat';

export type Tracking = 'searching' | 'face' | 'no-face';

type VideoWithFrames = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: () => void) => number;
  cancelVideoFrameCallback?: (id: number) => void;
};

/** The hat's placement in the video's own pixels, on the canvas for tests and tools to read. */
function expose(canvas: HTMLCanvasElement, hat: HatPlacement | null, frames: number) {
  const d = canvas.dataset;
  d.frames = String(frames);
  d.face = hat ? 'yes' : 'no';
  d.hatX = hat ? hat.x.toFixed(1) : '';
  d.hatY = hat ? hat.y.toFixed(1) : '';
  d.hatWidth = hat ? hat.width.toFixed(1) : '';
  d.hatAngle = hat ? hat.angle.toFixed(4) : '';
}

/**
 * Tracks the face in `video` and draws a hat on it in `canvas` (laid over the video, which is
 * shown with object-fit: cover, mirrored for the front camera). Runs at the camera's frame
 * rate (requestVideoFrameCallback where there is one): a frame that arrives while the model is
 * still busy with the last one is skipped, never queued, so the hat never lags behind.
 */
export function useHatTracking(
  video: React.RefObject<HTMLVideoElement | null>,
  canvas: React.RefObject<HTMLCanvasElement | null>,
  detector: FaceDetector | null,
  mirror: boolean,
  live: boolean,
): Tracking {
  const [tracking, setTracking] = useState<Tracking>('searching');

  useEffect(() => {
    const v = video.current as VideoWithFrames | null;
    const c = canvas.current;
    if (!v || !c || !detector || !live) return;
    let stopped = false;
    let busy = false;
    let frames = 0;
    let misses = 0;
    let handle = 0;

    const draw = (hat: HatPlacement | null) => {
      const box = c.getBoundingClientRect();
      const ratio = window.devicePixelRatio || 1;
      const w = Math.round(box.width * ratio);
      const h = Math.round(box.height * ratio);
      if (c.width !== w || c.height !== h) Object.assign(c, { width: w, height: h });
      const ctx = c.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.clearRect(0, 0, box.width, box.height);
      if (!hat || !v.videoWidth) return;
      const t = fitTransform(
        { width: v.videoWidth, height: v.videoHeight },
        { width: box.width, height: box.height },
        'cover',
        mirror,
      );
      drawHat(ctx, hatInView(hat, t));
    };

    const onFrame = () => {
      if (stopped) return;
      schedule();
      if (busy || v.readyState < 2 || !v.videoWidth) return;
      busy = true;
      detector
        .detect(v)
        .then((faces) => {
          if (stopped) return;
          const face = faces[0];
          const hat = face ? hatPlacement(face, v.videoWidth, v.videoHeight) : null;
          frames++;
          draw(hat);
          expose(c, hat, frames);
          // "No face" only after a few empty frames in a row: one missed frame is not news.
          misses = hat ? 0 : misses + 1;
          setTracking(hat ? 'face' : misses >= 5 ? 'no-face' : (t) => t);
        })
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    };
    const schedule = () => {
      handle = v.requestVideoFrameCallback
        ? v.requestVideoFrameCallback(onFrame)
        : requestAnimationFrame(onFrame);
    };
    schedule();
    return () => {
      stopped = true;
      if (v.cancelVideoFrameCallback) v.cancelVideoFrameCallback(handle);
      else cancelAnimationFrame(handle);
      draw(null);
      expose(c, null, 0);
      setTracking('searching');
    };
  }, [video, canvas, detector, mirror, live]);

  return tracking;
}
