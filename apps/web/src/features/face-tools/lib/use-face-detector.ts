import { useEffect, useState } from 'react';
import {
  createFaceDetector,
  ensureWasmAllowed,
  faceToolsUnsupported,
  type FaceDetector,
} from './face-mesh';

export type DetectorState =
  | { status: 'loading' }
  | { status: 'ready'; detector: FaceDetector }
  | { status: 'unsupported' }
  | { status: 'failed' };

/** The face mesh for this page, loaded once it is wanted, closed when the page goes. */
export function useFaceDetector(mode: 'video' | 'image', wanted = true): DetectorState {
  const [state, setState] = useState<DetectorState>({ status: 'loading' });
  useEffect(() => {
    if (!wanted) return;
    let closed = false;
    let made: FaceDetector | undefined;
    void (async () => {
      if (faceToolsUnsupported()) return setState({ status: 'unsupported' });
      // Reloads the page when it runs under another page's policy; stays "loading" meanwhile.
      const wasm = await ensureWasmAllowed();
      if (wasm === 'blocked') return setState({ status: 'unsupported' });
      if (wasm === 'reloading') return;
      try {
        made = await createFaceDetector(mode);
        if (closed) return made.close();
        setState({ status: 'ready', detector: made });
      } catch {
        if (!closed) setState({ status: 'failed' });
      }
    })();
    return () => {
      closed = true;
      made?.close();
    };
  }, [mode, wanted]);
  return state;
}
