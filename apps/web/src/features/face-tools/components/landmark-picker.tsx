import { useEffect, useRef, useState, type DragEvent } from 'react';
import {
  IMAGE_FILE_MESSAGES,
  imageFileProblem,
  MODEL_FAILED_MESSAGE,
  namedPoints,
  type NamedPoint,
} from '@earshot/core';
import buttons from '../../../shared/ui/button.module.css';
import { Icon } from '../../../shared/ui/icons';
import { Spinner } from '../../../shared/ui/spinner';
import { useFaceDetector } from '../lib/use-face-detector';
import { LandmarkFigure } from './landmark-figure';
import { LandmarkList } from './landmark-list';
import { UnsupportedBrowser } from './unsupported-browser';
import styles from './landmark-picker.module.css';

type Found = { url: string; width: number; height: number; points: NamedPoint[] };
type State =
  | { status: 'empty' }
  | { status: 'working' }
  | { status: 'error'; message: string }
  | { status: 'done'; found: Found };

const PhotoIcon = () => (
  <Icon size={32}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 16l-5-5-9 9" />
  </Icon>
);

/** The photo decoded, or null when the browser cannot read it as an image. */
async function decode(url: string): Promise<HTMLImageElement | null> {
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch {
    return null;
  }
  return img.naturalWidth > 0 && img.naturalHeight > 0 ? img : null;
}

/**
 * SPEC §2 test page: one photo in (picked or dropped), the face's named points out, marked on
 * the photo and listed in the photo's own pixels for copying.
 */
export function LandmarkPicker() {
  const model = useFaceDetector('image');
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ status: 'empty' });
  const [dragging, setDragging] = useState(false);
  const latest = useRef(0);
  const url = state.status === 'done' ? state.found.url : null;
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  if (model.status === 'unsupported') return <UnsupportedBrowser />;

  const fail = (message: string) => setState({ status: 'error', message });
  const take = async (files: File[]) => {
    // A photo dropped while the last one is still looked at wins: the last one's answer is dropped.
    const id = ++latest.current;
    const problem = imageFileProblem(files);
    if (problem) return fail(IMAGE_FILE_MESSAGES[problem]);
    if (model.status === 'loading')
      return fail('The face model is still loading: try again in a moment.');
    if (model.status !== 'ready') return fail(MODEL_FAILED_MESSAGE);
    setState({ status: 'working' });
    const objectUrl = URL.createObjectURL(files[0]!);
    const img = await decode(objectUrl);
    const faces = img ? await model.detector.detect(img).catch(() => null) : null;
    const points =
      img && faces?.[0] ? namedPoints(faces[0], img.naturalWidth, img.naturalHeight) : null;
    if (id !== latest.current) return URL.revokeObjectURL(objectUrl);
    if (!img || !faces || !points) {
      URL.revokeObjectURL(objectUrl);
      return fail(IMAGE_FILE_MESSAGES[!img || !faces ? 'broken' : 'no-face']);
    }
    setState({
      status: 'done',
      found: { url: objectUrl, width: img.naturalWidth, height: img.naturalHeight, points },
    });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void take([...e.dataTransfer.files]);
  };
  const ready = model.status === 'ready' && state.status !== 'working';

  return (
    <div className={styles.tool}>
      <div className={styles.layout}>
        <div
          className={styles.drop}
          data-dragging={dragging ? '' : undefined}
          data-testid="landmark-drop"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {state.status === 'done' ? (
            <LandmarkFigure {...state.found} />
          ) : (
            <div className={styles.placeholder}>
              <span className={styles.badge}>
                <PhotoIcon />
              </span>
              <p className={styles.dropText}>Drop a photo here</p>
              <p className={styles.hint}>One jpg, png or other image, with a face in it.</p>
            </div>
          )}
          {state.status === 'working' && (
            <div className={styles.working}>
              <Spinner label="Finding the face" />
            </div>
          )}
        </div>
        <div className={styles.side}>
          <input
            ref={input}
            type="file"
            accept="image/*"
            hidden
            data-testid="landmark-file"
            onChange={(e) => {
              void take([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
          <button
            type="button"
            className={`${buttons.button} ${state.status === 'done' ? buttons.secondary : ''}`}
            disabled={!ready}
            onClick={() => input.current?.click()}
          >
            {state.status === 'done' ? 'Choose another photo' : 'Choose a photo'}
          </button>
          {model.status === 'loading' && <Spinner label="Loading the face model" />}
          {model.status === 'failed' && (
            <p role="alert" className={styles.error}>
              {MODEL_FAILED_MESSAGE}
            </p>
          )}
          {state.status === 'error' && (
            <p role="alert" className={styles.error}>
              {state.message}
            </p>
          )}
          {state.status === 'done' && <LandmarkList {...state.found} />}
        </div>
      </div>
    </div>
  );
}
