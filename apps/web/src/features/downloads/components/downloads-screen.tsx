import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatBytes } from '@earshot/core';
import {
  deleteDownload,
  downloadsQueryOptions,
  type DownloadedGuide,
} from '../../../shared/offline/downloads';
import { EmptyState } from '../../../shared/ui/empty-state';
import { DownloadIcon } from '../../../shared/ui/icons';
import buttons from '../../../shared/ui/button.module.css';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { counted } from './counted';
import { DownloadItem } from './download-item';
import { DownloadsLayout } from './downloads-layout';
import { DownloadsSkeleton } from './downloads-skeleton';
import styles from './downloads-screen.module.css';

const totalLine = (list: DownloadedGuide[]) =>
  list.length === 0
    ? ''
    : `${counted(list.length, 'guide')} · ${formatBytes(list.reduce((n, g) => n + g.bytes, 0))} on this device`;

/** The guides saved on this device: their size, and a way to free the space. */
export function DownloadsScreen() {
  const downloads = useQuery(downloadsQueryOptions());
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<DownloadedGuide | null>(null);
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // Where the focus goes when the dialog closes: back to the guide's Delete button if it is
  // kept, to the heading if it is deleted (its row, and so its button, are about to go).
  const returnTo = useRef<HTMLElement | null>(null);

  const ask = (guide: DownloadedGuide, button: HTMLButtonElement) => {
    returnTo.current = button;
    setMessage('');
    setAsking(guide);
  };
  const remove = async (guide: DownloadedGuide) => {
    returnTo.current = heading.current;
    setAsking(null);
    try {
      await deleteDownload(guide.token);
      setMessage(`Deleted ${guide.title}.`);
    } catch {
      setMessage(`${guide.title} could not be deleted. Please try again.`);
    }
    await queryClient.invalidateQueries({ queryKey: downloadsQueryOptions().queryKey });
  };

  if (downloads.isPending) return <DownloadsSkeleton />;
  // A failed re-read after a deletion keeps the list it had; only a first read can fail here.
  const list = downloads.data ?? [];
  return (
    <DownloadsLayout total={totalLine(list)} headingRef={heading}>
      <p className="visually-hidden" role="status">
        {message}
      </p>
      {downloads.data === undefined ? (
        <EmptyState
          icon={<DownloadIcon size={36} />}
          title="Saved guides could not be read"
          action={
            <button
              type="button"
              className={buttons.button}
              onClick={() => void downloads.refetch()}
            >
              Retry
            </button>
          }
        >
          <p>{downloads.error?.message}</p>
        </EmptyState>
      ) : list.length === 0 ? (
        <EmptyState
          icon={<DownloadIcon size={36} />}
          title="No guides saved yet"
          action={
            <Link to="/" className={buttons.button}>
              Browse all guides
            </Link>
          }
        >
          <p>
            Open a guide and choose Visit: it is saved on this device, so you can listen where there
            is no signal.
          </p>
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-label="Saved guides">
          {list.map((g) => (
            <li key={g.token}>
              <DownloadItem guide={g} onDelete={ask} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDeleteDialog
        guide={asking}
        onKeep={() => setAsking(null)}
        onDelete={(g) => void remove(g)}
        onClosed={() => returnTo.current?.focus()}
      />
    </DownloadsLayout>
  );
}
