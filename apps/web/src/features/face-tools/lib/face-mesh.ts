import type { Landmark } from '@earshot/core';
import type { FaceMesh as FaceMeshType, Options, Results } from '@mediapipe/face_mesh';

/** Where the build serves @mediapipe/face_mesh's files (face-mesh-plugin.ts). */
declare const __FACE_MESH_BASE__: string;

export type FaceInput = HTMLVideoElement | HTMLImageElement | HTMLCanvasElement;

/** One face mesh: landmarks of the faces in each image sent to it, one image at a time. */
export type FaceDetector = {
  detect(image: FaceInput): Promise<Landmark[][]>;
  close(): void;
};

type FaceMeshCtor = new (config: { locateFile: (file: string) => string }) => FaceMeshType;

/** What keeps face tracking from running here, or null when it can. */
export function faceToolsUnsupported(): 'no-wasm' | 'no-webgl' | null {
  if (typeof WebAssembly !== 'object') return 'no-wasm';
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return 'no-webgl';
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return null;
}

/** The smallest valid module: compiling it shows whether the page's CSP lets WebAssembly run. */
const EMPTY_MODULE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);

/**
 * The server allows WebAssembly ('wasm-unsafe-eval') only on the pages that need it. Reached
 * by a link inside the app, this page still runs under the policy of the page the visitor
 * opened first: it loads itself once more from the server to get its own.
 */
export async function ensureWasmAllowed(): Promise<'allowed' | 'reloading' | 'blocked'> {
  try {
    await WebAssembly.compile(EMPTY_MODULE);
    return 'allowed';
  } catch {
    const nav = performance.getEntriesByType('navigation')[0];
    if (!nav || new URL(nav.name).pathname === location.pathname) return 'blocked';
    location.reload();
    return 'reloading';
  }
}

let script: Promise<FaceMeshCtor> | undefined;

/** face_mesh.js (a classic script that defines window.FaceMesh), loaded once. */
function loadScript(): Promise<FaceMeshCtor> {
  script ??= new Promise<FaceMeshCtor>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = `${__FACE_MESH_BASE__}face_mesh.js`;
    el.async = true;
    el.onload = () => {
      const ctor = (window as unknown as { FaceMesh?: FaceMeshCtor }).FaceMesh;
      if (ctor) resolve(ctor);
      else reject(new Error('face_mesh.js defined no FaceMesh'));
    };
    el.onerror = () => {
      script = undefined;
      el.remove();
      reject(new Error('face_mesh.js did not load'));
    };
    document.head.append(el);
  });
  return script;
}

/**
 * A face mesh with the iris points (refineLandmarks: 473 and 468 are the iris centres the
 * SPEC names), its model and runtime loaded from our own server. `video` keeps tracking a face
 * from frame to frame; a still image is looked at afresh.
 */
export async function createFaceDetector(mode: 'video' | 'image'): Promise<FaceDetector> {
  const FaceMesh = await loadScript();
  const mesh = new FaceMesh({ locateFile: (file) => `${__FACE_MESH_BASE__}${file}` });
  const options: Options = {
    maxNumFaces: 1,
    refineLandmarks: true,
    minDetectionConfidence: 0.5,
    minTrackingConfidence: 0.5,
    selfieMode: false,
  };
  mesh.setOptions(options);
  let latest: Landmark[][] = [];
  mesh.onResults((r: Results) => {
    // Copied out: the solution reuses its result objects for the next image.
    latest = (r.multiFaceLandmarks ?? []).map((face) => face.map(({ x, y, z }) => ({ x, y, z })));
  });
  await mesh.initialize();
  let busy: Promise<unknown> = Promise.resolve();
  return {
    detect(image) {
      const run = busy.then(async () => {
        latest = [];
        // A still is looked at afresh, not as the next frame of the last one.
        if (mode === 'image') mesh.reset();
        await mesh.send({ image });
        return latest;
      });
      busy = run.catch(() => undefined);
      return run;
    },
    close: () => void mesh.close(),
  };
}
