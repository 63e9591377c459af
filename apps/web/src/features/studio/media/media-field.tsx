import { useId, useRef, useState, type DragEvent } from 'react';
import {
  formatBytes,
  mediaFileName,
  STUDIO_MEDIA_ACCEPT,
  STUDIO_MEDIA_TYPES,
  studioMediaUrl,
} from '@earshot/core';
import buttons from '../../../shared/ui/button.module.css';
import { CurrentMedia } from './current-media';
import styles from './media-field.module.css';
import { useUpload } from './use-upload';

export type MediaFieldProps = {
  kind: 'audio' | 'image';
  /** The draft's path of the file (`media/{sha}.{ext}`), if one is chosen. */
  value?: string;
  onChange: (path?: string) => void;
  guideToken: string;
  label: string;
  /** The draft's problem at this field. */
  error?: string;
  /** The JSON path of the value, so a problem listed elsewhere can find its field. */
  path?: string;
};

/**
 * One media file of the draft (docs/studio.md Web): choose a file or drop one, watch it upload
 * (Cancel stops it), see what the field holds. A failed upload says the server's reason and
 * leaves the draft as it was.
 */
export function MediaField({
  kind,
  value,
  onChange,
  guideToken,
  label,
  error,
  path,
}: MediaFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { state, upload, cancel, dismiss } = useUpload(guideToken, kind, (media) =>
    onChange(media.path),
  );
  const choose = () => input.current?.click();
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) void upload(file);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  };
  const describedBy = [error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ');
  const uploading = state.status === 'uploading';
  const percent =
    uploading && state.total > 0
      ? Math.min(100, Math.round((state.loaded / state.total) * 100))
      : 0;

  return (
    <div
      className={styles.field}
      role="group"
      aria-labelledby={`${id}-label`}
      data-path={path}
      data-dragging={dragging || undefined}
      data-invalid={error ? true : undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <span id={`${id}-label`} className={styles.label}>
        {label}
      </span>
      {value ? (
        <CurrentMedia
          kind={kind}
          url={studioMediaUrl(value)}
          name={mediaFileName(value)}
          label={label}
        />
      ) : null}
      <input
        ref={input}
        type="file"
        accept={STUDIO_MEDIA_ACCEPT[kind]}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          take(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      {uploading ? (
        <div className={styles.progressRow}>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={`Uploading ${state.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={
              percent < 100 ? `${percent}% of ${formatBytes(state.total)}` : 'Sent, being checked'
            }
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <span className={styles.percent} aria-hidden="true">
            {/* All bytes sent: the server reads and stores the file before it answers. */}
            {percent < 100 ? `${percent}%` : 'Checking…'}
          </span>
          <button
            type="button"
            className={`${buttons.button} ${buttons.secondary} ${buttons.small}`}
            onClick={cancel}
          >
            Cancel
          </button>
        </div>
      ) : (
        <div className={styles.actions}>
          <button
            type="button"
            className={`${buttons.button} ${buttons.secondary} ${buttons.small}`}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            onClick={choose}
          >
            {value
              ? `Replace ${kind === 'audio' ? 'audio' : 'picture'}`
              : `Choose ${kind === 'audio' ? 'audio' : 'picture'}`}
          </button>
          {value ? (
            <button
              type="button"
              className={`${buttons.button} ${buttons.small} ${styles.remove}`}
              onClick={() => onChange(undefined)}
              aria-label={`Remove ${label.toLowerCase()}`}
            >
              Remove
            </button>
          ) : null}
          <span id={`${id}-hint`} className={styles.hint}>
            or drop a file here · {STUDIO_MEDIA_TYPES[kind]}
          </span>
        </div>
      )}
      {state.status === 'failed' ? (
        <p className={styles.failure} role="alert">
          <span>
            {state.name} was not uploaded: {state.message}
          </span>
          <button type="button" className={styles.dismiss} onClick={dismiss}>
            Dismiss
          </button>
        </p>
      ) : null}
      <p className={styles.status} role="status">
        {state.status === 'cancelled' ? `Upload of ${state.name} cancelled.` : ''}
      </p>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
