import { useState } from 'react';
import { QrCode } from '../../../shared/ui/qr-code';
import type { DraftProblem } from '@earshot/core';
import { ApiError } from '../../../shared/api/client';
import { makePreview } from '../api/studio-api';
import { problemsBodySchema, type StudioPreview } from '../api/schemas';
import { ProblemLinks } from './problem-links';
import { formatWhen } from '../lib/format';
import type { Autosave } from './use-autosave';
import styles from './editor.module.css';

/**
 * A preview link of the draft: the real visitor app at an unguessable address that needs no
 * account and expires, with its QR code for the publisher's phone and a copy button.
 */
export function PreviewPanel({
  token,
  autosave,
  onFocusProblem,
}: {
  token: string;
  autosave: Autosave;
  onFocusProblem: (path: string) => void;
}) {
  const [preview, setPreview] = useState<StudioPreview | null>(null);
  const [blocking, setBlocking] = useState<DraftProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [copied, setCopied] = useState(false);
  const url = preview ? new URL(preview.url, location.origin).href : '';
  const make = async () => {
    setBusy(true);
    setError('');
    setBlocking([]);
    try {
      await autosave.flush();
      setPreview(await makePreview(token));
    } catch (e) {
      // The preview is imported as a guide: what the importer refuses blocks it too (422).
      const body =
        e instanceof ApiError && e.status === 422 ? problemsBodySchema.safeParse(e.body) : null;
      if (body?.success) setBlocking(body.data.problems);
      else setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      getSelection()?.selectAllChildren(document.getElementById('studio-preview-url')!);
    }
  };
  return (
    <section className={styles.group} aria-labelledby="preview-title">
      <h2 id="preview-title" className={styles.legend}>
        Preview
      </h2>
      <p className={styles.hint}>
        Open the draft in the visitor app, on this device or your phone. Anyone with the link can
        see it until it expires; it is never listed or searchable.
      </p>
      <button
        type="button"
        className={styles.secondaryButton}
        disabled={busy}
        onClick={() => void make()}
      >
        {busy ? 'Making the link…' : preview ? 'Make a new preview link' : 'Make a preview link'}
      </button>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <ProblemLinks problems={blocking} what="the preview" onFocusProblem={onFocusProblem} />
      {preview && (
        <div className={styles.preview}>
          <div className={styles.qr}>
            <QrCode value={url} label="QR code of the preview link" />
          </div>
          <div className={styles.previewText}>
            <a
              id="studio-preview-url"
              className={styles.previewUrl}
              href={url}
              target="_blank"
              rel="noreferrer"
            >
              {url}
            </a>
            <p className={styles.hint}>Expires {formatWhen(preview.expires_at)}.</p>
            <button type="button" className={styles.smallButton} onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy link'}
            </button>
            <span className="visually-hidden" role="status">
              {copied ? 'Link copied to clipboard' : ''}
            </span>
          </div>
        </div>
      )}
    </section>
  );
}
