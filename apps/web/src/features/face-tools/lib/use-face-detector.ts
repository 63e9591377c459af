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

/**
 * The face mesh for this page, loaded once it is wanted, closed when the page goes; at once
 * 'unsupported' in a browser without WebAssembly or WebGL 2.
 */
export function useFaceDetector(mode: 'video' | 'image', wanted = true): DetectorState {
  const [state, setState] = useState<DetectorState>({ status: 'loading' });
  // Said before anything is asked of the visitor (the camera page's Start, say).
  const [unsupported] = useState(() => faceToolsUnsupported() !== null);
  useEffect(() => {
    if (!wanted || unsupported) return;
    let closed = false;
    let made: FaceDetector | undefined;
    void (async () => {
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
  }, [mode, wanted, unsupported]);
  return unsupported ? { status: 'unsupported' } : state;
}
