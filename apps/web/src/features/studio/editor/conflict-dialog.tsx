import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import type { GuideBundleInput } from '@earshot/core';
import { CenteredDialog } from '../../../shared/ui/centered-dialog';
import { draftQueryOptions } from '../api/studio-api';
import { saveBlob } from '../api/transfer';
import { formatWhen } from '../lib/format';
import { changedText } from '../lib/conflict-text';
import type { Autosave } from './use-autosave';
import styles from '../components/studio-dialog.module.css';

/**
 * Someone else saved the guide while this editor had unsaved changes (a 409): who, when and
 * what they changed; reload their version, after keeping a copy of mine if I want it.
 */
export function ConflictDialog({ token, autosave }: { token: string; autosave: Autosave }) {
  const conflict = autosave.conflict;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const reload = async () => {
    setBusy(true);
    setError('');
    try {
      const draft = await queryClient.fetchQuery({ ...draftQueryOptions(token), staleTime: 0 });
      autosave.replace(draft.document as GuideBundleInput, draft.revision);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const download = () =>
    saveBlob(
      new Blob([JSON.stringify(autosave.document, null, 2)], { type: 'application/json' }),
      `${token}-my-version.json`,
    );
  return (
    <CenteredDialog
      open={!!conflict}
      role="alertdialog"
      className={styles.dialog}
      onPointerDownOutside={(e) => e.preventDefault()}
      onEscapeKeyDown={(e) => e.preventDefault()}
    >
      <Dialog.Title className={styles.title}>Someone else changed this guide</Dialog.Title>
      <Dialog.Description className={styles.text}>
        {conflict?.updated_by ?? 'Another editor'} saved it
        {conflict?.updated_at ? ` ${formatWhen(conflict.updated_at)}` : ''}, changing{' '}
        {changedText(conflict?.changed ?? [])}. Your latest changes were not saved, so nobody’s work
        is overwritten.
      </Dialog.Description>
      <p className={`${styles.text} ${styles.more}`}>
        Reload their version to go on from it. To keep yours, download it first as a copy.
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={download}>
          Download my version
        </button>
        <button
          type="button"
          className={styles.primary}
          disabled={busy}
          onClick={() => void reload()}
        >
          {busy ? 'Reloading…' : 'Reload their version'}
        </button>
      </div>
    </CenteredDialog>
  );
}
