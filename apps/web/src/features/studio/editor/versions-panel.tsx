import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuideBundleInput } from '@earshot/core';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { restoreVersion, versionsQueryOptions } from '../api/studio-api';
import { formatWhen } from '../lib/format';
import type { Autosave } from './use-autosave';
import styles from './editor.module.css';

/** The published versions, newest first; restoring one makes it the draft (asked first). */
export function VersionsPanel({ token, autosave }: { token: string; autosave: Autosave }) {
  const versions = useQuery(versionsQueryOptions(token));
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [done, setDone] = useState('');
  const restore = async (n: number) => {
    setBusy(true);
    setMessage('');
    try {
      await autosave.flush();
      const draft = await restoreVersion(token, n, autosave.revision);
      autosave.replace(draft.document as GuideBundleInput, draft.revision);
      void queryClient.invalidateQueries({ queryKey: ['studio', 'guides'] });
      setAsking(null);
      setDone(`Version ${n} is now the draft.`);
    } catch (e) {
      setMessage((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const list = [...(versions.data ?? [])].sort((a, b) => b.number - a.number);
  return (
    <section className={styles.group} aria-labelledby="versions-title">
      <h2 id="versions-title" className={styles.legend}>
        Versions
      </h2>
      {versions.isPending ? (
        <p className={styles.hint}>Loading the versions…</p>
      ) : versions.error ? (
        <p className={styles.error}>{versions.error.message}</p>
      ) : list.length === 0 ? (
        <p className={styles.hint}>Nothing published yet: each publish adds a version here.</p>
      ) : (
        <ol className={styles.versions}>
          {list.map((v) => (
            <li key={v.number}>
              <span>
                <strong>Version {v.number}</strong>
                <span className={styles.hint}>
                  {' '}
                  {formatWhen(v.published_at)}
                  {v.published_by ? ` by ${v.published_by}` : ''}
                </span>
              </span>
              <button
                type="button"
                className={styles.smallGhost}
                aria-label={`Restore version ${v.number}`}
                onClick={() => setAsking(v.number)}
              >
                Restore
              </button>
            </li>
          ))}
        </ol>
      )}
      <p role="status" className={styles.hint}>
        {done}
      </p>
      <ConfirmDialog
        open={asking !== null}
        title={`Restore version ${asking ?? ''}?`}
        description="It replaces the draft you are editing. What visitors see does not change until you publish."
        message={message ? <p className={styles.error}>{message}</p> : undefined}
        keepLabel="Keep the draft"
        actionLabel="Restore"
        busy={busy}
        onKeep={() => {
          setAsking(null);
          setMessage('');
        }}
        onAction={() => asking !== null && void restore(asking)}
      />
    </section>
  );
}
