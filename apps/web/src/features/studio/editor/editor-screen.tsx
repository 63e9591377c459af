import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { GuideBundleInput } from '@earshot/core';
import { ApiError } from '../../../shared/api/client';
import { usePageTitle } from '../../../shared/lib/page-title';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';
import { draftQueryOptions } from '../api/studio-api';
import { DraftEditor } from './draft-editor';
import styles from './editor.module.css';

/** /studio/guides/:token: loads the draft and opens the editor on it. */
export function EditorScreen({ token }: { token: string }) {
  const draft = useQuery(draftQueryOptions(token));
  usePageTitle(
    draft.data
      ? `Editing ${String((draft.data.document.guide as { title?: string })?.title ?? token)}`
      : 'Studio',
  );
  if (draft.isPending) return <Spinner label="Loading the guide" />;
  if (draft.error)
    return (
      <div className={styles.missing}>
        <h1 className={styles.heading}>Studio</h1>
        <EmptyState
          title={
            draft.error instanceof ApiError && draft.error.status === 404
              ? 'No such guide in your organisations'
              : 'The guide did not load'
          }
          action={
            <Link className={styles.secondaryButton} to="/studio">
              Back to the guides
            </Link>
          }
        >
          {draft.error instanceof ApiError && draft.error.status === 404
            ? 'It may have been removed, or it belongs to an organisation you are not in.'
            : draft.error.message}
        </EmptyState>
      </div>
    );
  return (
    <DraftEditor
      key={token}
      token={token}
      initial={{
        document: draft.data.document as unknown as GuideBundleInput,
        revision: draft.data.revision,
        published: draft.data.status !== 'draft',
      }}
    />
  );
}
