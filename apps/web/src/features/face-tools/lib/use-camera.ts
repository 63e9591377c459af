import { useCallback, useEffect, useRef, useState } from 'react';
import { cameraProblem, type CameraProblem } from '@earshot/core';

export type Facing = 'user' | 'environment';

export type CameraState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'live'; facing: Facing }
  | { status: 'error'; problem: CameraProblem };

/**
 * The camera's stream in the returned `video` element: started on request with the front ('user') or rear
 * ('environment') camera as an ideal, so a device with one camera still gets it; stopped when
 * switched, stopped or unmounted.
 */
export function useCamera() {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ status: 'idle' });
  const stream = useRef<MediaStream | null>(null);
  const attempt = useRef(0);

  const release = useCallback(() => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  }, [video]);

  const stop = useCallback(() => {
    attempt.current++;
    release();
    setState({ status: 'idle' });
  }, [release]);

  const start = useCallback(
    async (facing: Facing) => {
      const id = ++attempt.current;
      release();
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({
          status: 'error',
          problem: window.isSecureContext ? 'unsupported' : 'insecure',
        });
        return;
      }
      setState({ status: 'starting' });
      try {
        const s = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: facing }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
        // A later start or switch won: this stream is not needed.
        if (id !== attempt.current) return s.getTracks().forEach((t) => t.stop());
        stream.current = s;
        const el = video.current;
        if (el) {
          el.srcObject = s;
          await el.play().catch(() => undefined);
        }
        // What the camera says it is, when it says (a laptop's camera says nothing).
        const said = s.getVideoTracks()[0]?.getSettings().facingMode;
        setState({ status: 'live', facing: said === 'environment' ? 'environment' : facing });
      } catch (e) {
        if (id !== attempt.current) return;
        setState({ status: 'error', problem: cameraProblem((e as { name?: string }).name) });
      }
    },
    [release, video],
  );

  useEffect(() => release, [release]);
  return { video, state, start, stop };
}
