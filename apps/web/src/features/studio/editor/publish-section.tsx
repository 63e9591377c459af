import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  draftLanguages,
  dayIn,
  publishChecklist,
  type DraftProblem,
  type GuideBundleInput,
} from '@earshot/core';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { publishGuide, studioKeys } from '../api/studio-api';
import { formatWhen } from '../lib/format';
import { PreviewPanel } from './preview-panel';
import { PublishChecklist } from './publish-checklist';
import { ProblemLinks } from './problem-links';
import { VersionsPanel } from './versions-panel';
import type { Autosave } from './use-autosave';
import styles from './editor.module.css';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'blocked'; problems: DraftProblem[] }
  | { kind: 'published'; version: number; at: string }
  | { kind: 'failed'; message: string };

/**
 * Publish (the draft replaces what visitors see, as a new version), or the list of every
 * problem that blocks it, each a link to its field; the checklist of what visitors would miss,
 * asked about once more before publishing past it; the versions; a preview link.
 */
export function PublishSection({
  token,
  draft,
  autosave,
  problems,
  onFocusProblem,
  onPublished,
}: {
  token: string;
  draft: GuideBundleInput;
  autosave: Autosave;
  problems: DraftProblem[];
  onFocusProblem: (path: string) => void;
  onPublished: () => void;
}) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [asking, setAsking] = useState(false);
  const checklist = useMemo(
    () => publishChecklist(draft, dayIn(new Date(), draft.guide.time_zone)),
    [draft],
  );
  const languages = useMemo(
    () =>
      draftLanguages(draft.guide).map((code) => ({
        code,
        label: draft.guide.languages?.find((l) => l.code === code)?.label ?? code,
      })),
    [draft.guide],
  );
  const queryClient = useQueryClient();
  const publish = async () => {
    setAsking(false);
    setOutcome({ kind: 'busy' });
    // The server publishes what it holds: the editor's last edits go first.
    if (!(await autosave.flush()))
      return setOutcome({
        kind: 'failed',
        message:
          'Your latest changes are not saved yet, so nothing was published. Try again once the status says Saved.',
      });
    try {
      const result = await publishGuide(token, autosave.revision);
      if ('problems' in result) return setOutcome({ kind: 'blocked', problems: result.problems });
      setOutcome({ kind: 'published', version: result.version, at: result.published_at });
      onPublished();
      void queryClient.invalidateQueries({ queryKey: studioKeys.versions(token) });
      void queryClient.invalidateQueries({ queryKey: ['studio', 'guides'] });
    } catch (e) {
      setOutcome({ kind: 'failed', message: (e as Error).message });
    }
  };
  const blocking = outcome.kind === 'blocked' ? outcome.problems : [];
  return (
    <div className={styles.sectionBody}>
      <section className={styles.group} aria-labelledby="publish-title">
        <h2 id="publish-title" className={styles.legend}>
          Publish
        </h2>
        <p className={styles.hint}>
          Visitors see the published guide until you publish again. Each publish is kept as a
          version you can go back to.
        </p>
        {problems.length > 0 && outcome.kind !== 'blocked' && (
          <p className={styles.hint}>
            {problems.length === 1 ? '1 problem' : `${problems.length} problems`} to fix before
            publishing.
          </p>
        )}
        <button
          type="button"
          className={styles.publishButton}
          disabled={outcome.kind === 'busy'}
          onClick={() =>
            // What blocks is the server's to list; warnings are asked about first.
            checklist.length > 0 && problems.length === 0 ? setAsking(true) : void publish()
          }
        >
          {outcome.kind === 'busy' ? 'Publishing…' : 'Publish'}
        </button>
        <div role="status" className={styles.outcome}>
          {outcome.kind === 'published' &&
            `Published as version ${outcome.version} (${formatWhen(outcome.at)}).`}
        </div>
        {outcome.kind === 'failed' && (
          <p className={styles.error} role="alert">
            {outcome.message}
          </p>
        )}
        <ProblemLinks problems={blocking} what="publishing" onFocusProblem={onFocusProblem} />
      </section>
      <PublishChecklist items={checklist} languages={languages} onFocusProblem={onFocusProblem} />
      <ConfirmDialog
        open={asking}
        title={
          checklist.length === 1
            ? 'Publish with 1 warning?'
            : `Publish with ${checklist.length} warnings?`
        }
        description="Visitors will see the guide as it is, and miss what the checklist lists. You can fix it and publish again at any time."
        keepLabel="Review the list"
        actionLabel="Publish anyway"
        onKeep={() => setAsking(false)}
        onAction={() => void publish()}
      />
      <PreviewPanel token={token} autosave={autosave} onFocusProblem={onFocusProblem} />
      <VersionsPanel token={token} autosave={autosave} />
    </div>
  );
}
