import { useState } from 'react';
import {
  newChallenge,
  problemsAt,
  STUDIO_CHALLENGE_TYPES,
  type ChallengeType,
  type DraftHunt,
  type DraftProblem,
  type GuideBundleInput,
} from '@earshot/core';
import { TextField } from '../../../shared/ui/text-field';
import { messageAt, SelectField, TextAreaField } from '../ui/fields';
import { ChallengeCard } from './challenge-card';
import styles from './participation.module.css';

/** One scavenger hunt: its texts and its challenges, and a way to add one of each type. */
export function HuntCard({
  draft,
  index,
  problems,
  onChange,
  onDelete,
}: {
  draft: GuideBundleInput;
  index: number;
  problems: readonly DraftProblem[];
  onChange: (hunt: DraftHunt) => void;
  onDelete: () => void;
}) {
  const hunt = draft.hunts![index]!;
  const at = `$.hunts[${index}]`;
  const mine = problemsAt(problems, at);
  const err = (path: string) => messageAt(mine, `${at}${path}`);
  const set = (patch: Partial<DraftHunt>) => onChange({ ...hunt, ...patch });
  const [type, setType] = useState<ChallengeType>('MultipleChoiceChallenge');

  return (
    <article className={styles.card} aria-labelledby={`hunt-${index}`} data-path={at}>
      <header className={styles.cardTop}>
        <h3 id={`hunt-${index}`} className={styles.cardTitle}>
          {hunt.name || `Scavenger hunt ${index + 1}`}
        </h3>
        <button type="button" className={styles.delete} onClick={onDelete}>
          Delete hunt
        </button>
      </header>
      {err('') ? <p className={styles.problem}>{err('')}</p> : null}
      <div className={styles.grid}>
        <TextField
          label="Hunt name"
          value={hunt.name}
          error={err('.name')}
          data-path={`${at}.name`}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <TextField
          label="Hunt subtitle"
          value={hunt.subtitle ?? ''}
          error={err('.subtitle')}
          data-path={`${at}.subtitle`}
          onChange={(e) => set({ subtitle: e.currentTarget.value })}
        />
      </div>
      <TextAreaField
        label="Hunt description"
        rows={3}
        value={hunt.description ?? ''}
        error={err('.description')}
        data-path={`${at}.description`}
        onChange={(e) => set({ description: e.currentTarget.value })}
      />
      <fieldset className={styles.group} data-path={`${at}.challenges`}>
        <legend>Challenges</legend>
        {err('.challenges') ? <p className={styles.problem}>{err('.challenges')}</p> : null}
        <ol className={styles.items}>
          {hunt.challenges.map((c, j) => (
            <li key={j} className={styles.item}>
              <ChallengeCard
                draft={draft}
                challenge={c}
                number={j + 1}
                at={`${at}.challenges[${j}]`}
                problems={mine}
                canDelete={hunt.challenges.length > 1}
                onChange={(next) =>
                  set({ challenges: hunt.challenges.map((x, k) => (k === j ? next : x)) })
                }
                onDelete={() => set({ challenges: hunt.challenges.filter((_, k) => k !== j) })}
              />
            </li>
          ))}
        </ol>
        <div className={styles.addRow}>
          <SelectField
            label="Type of the new challenge"
            value={type}
            onChange={(e) => setType(e.currentTarget.value as ChallengeType)}
          >
            {STUDIO_CHALLENGE_TYPES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <button
            type="button"
            className={styles.add}
            onClick={() => set({ challenges: [...hunt.challenges, newChallenge(draft, type)] })}
          >
            Add challenge
          </button>
        </div>
      </fieldset>
    </article>
  );
}
