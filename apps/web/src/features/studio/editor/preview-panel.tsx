import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { problemsErrorSchema, type DraftProblem, type Preview } from '@earshot/core';
import { QrCode } from '../../../shared/ui/qr-code';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ApiError } from '../../../shared/api/client';
import { makePreview, previewQueryOptions, revokePreview } from '../api/studio-api';
import { ProblemLinks } from './problem-links';
import { formatWhen } from '../lib/format';
import type { Autosave } from './use-autosave';
import styles from './editor.module.css';

/** What a confirm dialog asks before: a new link in the old one's place, or none at all. */
type Asking = 'new' | 'revoke' | null;

/**
 * A preview link of the draft: the real visitor app at an unguessable address that needs no
 * account, with its QR code for the publisher's phone and a copy button. The next preview
 * shows the latest draft at the same link, which is never renewed: it works until its day,
 * unless the publisher makes a new link in its place or revokes it (both at once).
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
  const queryClient = useQueryClient();
  const live = useQuery(previewQueryOptions(token));
  const preview = live.data ?? null;
  const [blocking, setBlocking] = useState<DraftProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);
  const url = preview ? new URL(preview.url, location.origin).href : '';
  const shown = (p: Preview | null) =>
    queryClient.setQueryData(previewQueryOptions(token).queryKey, p);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setError('');
    setDone('');
    setBlocking([]);
    try {
      setDone(await work());
      setAsking(null);
    } catch (e) {
      // The preview is imported as a guide: what the importer refuses blocks it too (422).
      const body =
        e instanceof ApiError && e.status === 422 ? problemsErrorSchema.safeParse(e.body) : null;
      if (body?.success) setBlocking(body.data.problems);
      else setError((e as Error).message);
      setAsking(null);
    } finally {
      setBusy(false);
    }
  };
  const make = (newLink: boolean) =>
    run(async () => {
      await autosave.flush();
      const made = await makePreview(token, newLink);
      shown({ token: made.token, url: made.url, expires_at: made.expires_at });
      return made.created ? 'A new preview link is ready.' : 'The preview shows the latest draft.';
    });
  const revoke = () =>
    run(async () => {
      await revokePreview(token);
      shown(null);
      return 'The preview link is revoked: it no longer opens.';
    });
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
        see it until it expires or you revoke it; it is never listed or searchable.
      </p>
      <button
        type="button"
        className={styles.secondaryButton}
        disabled={busy || live.isPending}
        onClick={() => void make(false)}
      >
        {busy && !asking ? 'Working…' : preview ? 'Update the preview' : 'Make a preview link'}
      </button>
      {(error || live.isError) && (
        <p className={styles.error} role="alert">
          {error || (live.error as Error).message}
        </p>
      )}
      <p role="status" className={styles.hint}>
        {done}
      </p>
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
            <p className={styles.hint}>
              Expires {formatWhen(preview.expires_at)}. Updating the preview keeps this day.
            </p>
            <div className={styles.previewActions}>
              <button type="button" className={styles.smallButton} onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy link'}
              </button>
              <button
                type="button"
                className={styles.smallGhost}
                disabled={busy}
                onClick={() => setAsking('new')}
              >
                Make a new link
              </button>
              <button
                type="button"
                className={styles.smallGhost}
                disabled={busy}
                onClick={() => setAsking('revoke')}
              >
                Revoke the link
              </button>
            </div>
            <span className="visually-hidden" role="status">
              {copied ? 'Link copied to clipboard' : ''}
            </span>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'new' ? 'Make a new preview link?' : 'Revoke the preview link?'}
        description={
          asking === 'new'
            ? 'The current link stops working at once. Anyone you shared it with needs the new one.'
            : 'The link stops working at once, for everyone who has it. You can make a new one later.'
        }
        keepLabel="Keep the link"
        actionLabel={asking === 'new' ? 'Make a new link' : 'Revoke'}
        busy={busy}
        onKeep={() => setAsking(null)}
        onAction={() => void (asking === 'new' ? make(true) : revoke())}
      />
    </section>
  );
}
