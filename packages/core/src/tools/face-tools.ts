/**
 * What the camera and landmark picker test pages (SPEC §2) tell a visitor when something is in
 * the way: a refused or missing camera, an unsupported browser, a file that is not one image.
 */

export type CameraProblem = 'denied' | 'no-camera' | 'busy' | 'insecure' | 'unsupported' | 'failed';

/** The problem a getUserMedia error names (a DOMException's `name`). */
export function cameraProblem(errorName: string | undefined): CameraProblem {
  switch (errorName) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-camera';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    case 'SecurityError':
      return 'insecure';
    case 'TypeError':
      return 'unsupported';
    default:
      return 'failed';
  }
}

export const CAMERA_MESSAGES: Record<CameraProblem, { title: string; text: string }> = {
  denied: {
    title: 'Camera access was refused',
    text: 'Allow this site to use the camera in your browser’s settings, then try again.',
  },
  'no-camera': {
    title: 'No camera found',
    text: 'This device has no camera we can use. Connect one, or open this page on a phone.',
  },
  busy: {
    title: 'The camera is busy',
    text: 'Another app or tab is using the camera. Close it, then try again.',
  },
  insecure: {
    title: 'The camera needs a secure page',
    text: 'Open this page over https to use the camera.',
  },
  unsupported: {
    title: 'This browser cannot use the camera',
    text: 'Try a recent version of Chrome, Safari, Firefox or Edge.',
  },
  failed: {
    title: 'The camera could not start',
    text: 'Something went wrong while starting the camera. Try again.',
  },
};

export const NO_FACE_MESSAGE = 'No face in view: look at the camera with your face in the frame.';
export const UNSUPPORTED_BROWSER_MESSAGE =
  'Face tracking needs WebAssembly and WebGL 2, which this browser does not offer. Try a recent version of Chrome, Safari, Firefox or Edge.';
export const MODEL_FAILED_MESSAGE =
  'The face model could not be loaded. Check your connection and reload the page.';

/** A file as the picker sees it (File has these). */
export type PickedFile = { name: string; type: string; size: number };

export type ImageFileProblem = 'none' | 'several' | 'not-image' | 'empty';

/** Image types a browser decodes, for files whose type the browser left blank. */
const IMAGE_NAME = /\.(jpe?g|png|gif|webp|avif|bmp|ico|svg)$/i;

/** Whether the files dropped or picked are exactly one image (the SPEC: one jpg or image file). */
export function imageFileProblem(files: readonly PickedFile[]): ImageFileProblem | null {
  if (files.length === 0) return 'none';
  if (files.length > 1) return 'several';
  const [file] = files as [PickedFile];
  const image = file.type ? file.type.startsWith('image/') : IMAGE_NAME.test(file.name);
  if (!image) return 'not-image';
  if (file.size === 0) return 'empty';
  return null;
}

export const IMAGE_FILE_MESSAGES: Record<ImageFileProblem | 'broken' | 'no-face', string> = {
  none: 'No file was chosen. Pick or drop one image.',
  several: 'Only one image at a time: pick or drop a single file.',
  'not-image': 'That file is not an image. Pick a photo (jpg, png, webp…).',
  empty: 'That file is empty. Pick another photo.',
  broken: 'That image could not be read: the file may be damaged. Pick another photo.',
  'no-face': 'No face was found in that image. Pick a photo where a face looks at the camera.',
};
