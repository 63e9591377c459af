import { useRef, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { studioDraftSchema } from '@earshot/core';
import { CenteredDialog } from '../../../shared/ui/centered-dialog';
import { uploadFile } from '../api/transfer';
import { studioKeys } from '../api/studio-api';
import { importFailure, type ImportProblem } from '../lib/import-failure';
import styles from './studio-dialog.module.css';

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'failed'; message: string; problems: ImportProblem[] };

/**
 * Import a guide bundle (.zip) as a new draft of the organisation: a real progress bar of the
 * upload, Cancel while it runs, and the importer's own messages when it refuses the bundle.
 */
export function ImportDialog({
  open,
  organisationId,
  onClose,
}: {
  open: boolean;
  organisationId: number;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const uploading = state.kind === 'uploading';

  const close = () => {
    abort.current?.abort();
    setState({ kind: 'idle' });
    setFile(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setState({ kind: 'failed', message: 'Choose a bundle (.zip) first.', problems: [] });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'uploading', progress: 0 });
    try {
      const res = await uploadFile(`studio/import?organisation=${organisationId}`, file, {
        signal: controller.signal,
        contentType: 'application/zip',
        onProgress: (loaded, total) => setState({ kind: 'uploading', progress: loaded / total }),
      });
      const draft = res.status < 300 ? studioDraftSchema.safeParse(res.body) : null;
      if (!draft?.success) {
        setState({ kind: 'failed', ...importFailure(res.status, res.body) });
        return;
      }
      queryClient.setQueryData(studioKeys.draft(draft.data.token), draft.data);
      void queryClient.invalidateQueries({ queryKey: studioKeys.guides(organisationId) });
      setState({ kind: 'idle' });
      setFile(null);
      void navigate(`/studio/guides/${encodeURIComponent(draft.data.token)}`);
    } catch (err) {
      setState(
        (err as Error).name === 'AbortError'
          ? { kind: 'idle' }
          : {
              kind: 'failed',
              message: 'The upload did not reach the server. Check your connection and try again.',
              problems: [],
            },
      );
    } finally {
      abort.current = null;
    }
  };

  const percent = uploading ? Math.round(state.progress * 100) : 0;
  return (
    <CenteredDialog open={open} onOpenChange={(o) => !o && close()} className={styles.dialog}>
      <Dialog.Title className={styles.title}>Import a bundle</Dialog.Title>
      <Dialog.Description className={styles.text}>
        A guide bundle is a .zip holding guide.json and its media, as a guide’s Export makes it. It
        becomes a new draft of this organisation.
      </Dialog.Description>
      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        <div className={styles.fileField}>
          <label htmlFor="studio-import-file" className={styles.label}>
            Bundle (.zip)
          </label>
          <input
            id="studio-import-file"
            type="file"
            accept=".zip,application/zip"
            disabled={uploading}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setState({ kind: 'idle' });
            }}
          />
        </div>
        {uploading && (
          <div className={styles.progress}>
            <progress id="studio-import-progress" max={100} value={percent} aria-label="Upload">
              {percent}%
            </progress>
            <span aria-hidden="true">{percent}%</span>
            <span className="visually-hidden" role="status">
              {percent === 100 ? 'Uploaded, the importer is checking the bundle' : ''}
            </span>
          </div>
        )}
        {state.kind === 'failed' && (
          <div className={styles.failure} role="alert">
            <p className={styles.error}>{state.message}</p>
            {state.problems.length > 0 && (
              <ul className={styles.problemList}>
                {state.problems.map((p, i) => (
                  <li key={i}>{p.text}</li>
                ))}
              </ul>
            )}
            {state.problems.some((p) => p.details) && (
              <details className={styles.details}>
                <summary>Details</summary>
                <ul>
                  {state.problems.flatMap((p, i) =>
                    p.details ? [<li key={i}>{p.details}</li>] : [],
                  )}
                </ul>
              </details>
            )}
          </div>
        )}
        <div className={styles.actions}>
          {uploading ? (
            <button
              type="button"
              className={styles.secondary}
              onClick={() => abort.current?.abort()}
            >
              Cancel upload
            </button>
          ) : (
            <Dialog.Close className={styles.secondary}>Close</Dialog.Close>
          )}
          <button type="submit" className={styles.primary} disabled={uploading}>
            {uploading ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
    </CenteredDialog>
  );
}
