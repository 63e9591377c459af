import { useState } from 'react';
import { newBadge, newHunt } from '@earshot/core';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import buttons from '../../../shared/ui/button.module.css';
import type { DraftEditorProps } from '../editor/draft-props';
import { BadgeCard } from './badge-card';
import { HuntCard } from './hunt-card';
import styles from './participation.module.css';

/**
 * The guide's badges (with levels) and scavenger hunts (with challenges of the four types),
 * docs/studio.md Web: every entry made by core so it starts valid, every problem of the
 * importer's rules at its field.
 */
export function ParticipationEditor({ draft, onChange, problems, guideToken }: DraftEditorProps) {
  const badges = draft.badges ?? [];
  const hunts = draft.hunts ?? [];
  // What the publisher asked to delete, until they confirm: a badge or hunt holds much work.
  const [deleting, setDeleting] = useState<{ kind: 'badge' | 'hunt'; index: number } | null>(null);
  const doomed =
    deleting?.kind === 'badge' ? badges[deleting.index]?.name : hunts[deleting?.index ?? -1]?.name;
  const remove = () => {
    if (!deleting) return;
    const keep = (_: unknown, j: number) => j !== deleting.index;
    onChange(
      deleting.kind === 'badge'
        ? { ...draft, badges: badges.filter(keep) }
        : { ...draft, hunts: hunts.filter(keep) },
    );
    setDeleting(null);
  };
  return (
    <div className={styles.editor}>
      <section className={styles.section} aria-labelledby="badges-heading">
        <div className={styles.sectionTop}>
          <h2 id="badges-heading" className={styles.heading}>
            Badges <span className={styles.count}>{badges.length}</span>
          </h2>
          <p className={styles.lead}>
            Visitors earn a badge’s levels as they visit stops; a level needs its points.
          </p>
        </div>
        {badges.map((badge, i) => (
          <BadgeCard
            key={i}
            draft={draft}
            index={i}
            problems={problems}
            guideToken={guideToken}
            onChange={(next) =>
              onChange({ ...draft, badges: badges.map((b, j) => (j === i ? next : b)) })
            }
            onDelete={() => setDeleting({ kind: 'badge', index: i })}
          />
        ))}
        <button
          type="button"
          className={`${buttons.button} ${buttons.secondary}`}
          onClick={() => onChange({ ...draft, badges: [...badges, newBadge(draft)] })}
        >
          Add badge
        </button>
      </section>

      <section className={styles.section} aria-labelledby="hunts-heading">
        <div className={styles.sectionTop}>
          <h2 id="hunts-heading" className={styles.heading}>
            Scavenger hunts <span className={styles.count}>{hunts.length}</span>
          </h2>
          <p className={styles.lead}>
            A hunt is a list of challenges: a text, a number, a photo or a multiple choice.
          </p>
        </div>
        {hunts.map((hunt, i) => (
          <HuntCard
            key={i}
            draft={draft}
            index={i}
            problems={problems}
            onChange={(next) =>
              onChange({ ...draft, hunts: hunts.map((h, j) => (j === i ? next : h)) })
            }
            onDelete={() => setDeleting({ kind: 'hunt', index: i })}
          />
        ))}
        <button
          type="button"
          className={`${buttons.button} ${buttons.secondary}`}
          onClick={() => onChange({ ...draft, hunts: [...hunts, newHunt(draft)] })}
        >
          Add scavenger hunt
        </button>
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.kind === 'badge' ? 'Delete this badge?' : 'Delete this scavenger hunt?'}
        description={
          deleting?.kind === 'badge'
            ? `“${doomed ?? ''}” and its levels leave the draft.`
            : `“${doomed ?? ''}” and its challenges leave the draft.`
        }
        keepLabel="Keep"
        actionLabel="Delete"
        onKeep={() => setDeleting(null)}
        onAction={remove}
      />
    </div>
  );
}
