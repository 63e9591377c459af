import {
  addOption,
  correctOptionKeys,
  draftLanguages,
  markOption,
  removeOption,
  STUDIO_CHALLENGE_TYPES,
  withChallengeType,
  withMultiSelect,
  type ChallengeType,
  type DraftChallenge,
  type DraftProblem,
  type GuideBundleInput,
} from '@earshot/core';
import { TextField } from '../../../shared/ui/text-field';
import { CheckField, messageAt, NumberField, SelectField, TextAreaField } from '../ui/fields';
import { ChoiceOptions } from './choice-options';
import styles from './participation.module.css';

/** One challenge: its type, texts, stop and points, and what counts as a right answer. */
export function ChallengeCard({
  draft,
  challenge: c,
  number,
  at,
  problems,
  canDelete,
  onChange,
  onDelete,
}: {
  draft: GuideBundleInput;
  challenge: DraftChallenge;
  number: number;
  at: string;
  problems: readonly DraftProblem[];
  canDelete: boolean;
  onChange: (c: DraftChallenge) => void;
  onDelete: () => void;
}) {
  const err = (path: string) => messageAt(problems, `${at}${path}`);
  const set = (patch: Partial<DraftChallenge>) => onChange({ ...c, ...patch });
  const language = draftLanguages(draft.guide)[0]!;
  const stops = draft.pois ?? [];
  const answers = c.correct_answers ?? [];
  const typed = c.resourcetype === 'TextChallenge' || c.resourcetype === 'NumberChallenge';
  const typeLabel =
    STUDIO_CHALLENGE_TYPES.find(([t]) => t === c.resourcetype)?.[1] ?? 'Plain challenge';

  return (
    <div className={styles.challenge} data-path={at}>
      <div className={styles.itemTop}>
        <span className={styles.itemTitle}>
          Challenge {number}: {c.title || 'Untitled'}{' '}
          <span className={styles.kind}>{typeLabel}</span>
        </span>
        <button type="button" className={styles.delete} disabled={!canDelete} onClick={onDelete}>
          Delete challenge {number}
        </button>
      </div>
      {err('') ? <p className={styles.problem}>{err('')}</p> : null}
      <div className={styles.grid}>
        <SelectField
          label={`Challenge ${number} type`}
          value={c.resourcetype}
          error={err('.resourcetype')}
          data-path={`${at}.resourcetype`}
          onChange={(e) => onChange(withChallengeType(c, e.currentTarget.value as ChallengeType))}
        >
          {c.resourcetype === 'Challenge' ? (
            <option value="Challenge">Plain challenge</option>
          ) : null}
          {STUDIO_CHALLENGE_TYPES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          label={`Challenge ${number} title`}
          value={c.title}
          error={err('.title')}
          data-path={`${at}.title`}
          onChange={(e) => set({ title: e.currentTarget.value })}
        />
        <TextField
          label={`Challenge ${number} subtitle`}
          value={c.subtitle ?? ''}
          error={err('.subtitle')}
          data-path={`${at}.subtitle`}
          onChange={(e) => set({ subtitle: e.currentTarget.value })}
        />
        <SelectField
          label={`Challenge ${number} stop`}
          value={c.poi ?? ''}
          error={err('.poi')}
          data-path={`${at}.poi`}
          onChange={(e) => set({ poi: e.currentTarget.value || undefined })}
        >
          <option value="">Not at a stop</option>
          {c.poi && !stops.some((s) => s.token === c.poi) ? (
            <option value={c.poi}>{c.poi} (not in this guide)</option>
          ) : null}
          {stops.map((s, i) => (
            <option key={s.token} value={s.token}>
              {i + 1}. {(s.content[language] ?? Object.values(s.content)[0])?.title || s.token}
            </option>
          ))}
        </SelectField>
        <NumberField
          label={`Challenge ${number} points`}
          value={c.value}
          optional
          error={err('.value')}
          path={`${at}.value`}
          onChange={(value) => set({ value })}
        />
      </div>
      <TextAreaField
        label={`Challenge ${number} question`}
        rows={3}
        value={c.description ?? ''}
        error={err('.description')}
        data-path={`${at}.description`}
        hint="The question or task as the visitor reads it (HTML)."
        onChange={(e) => set({ description: e.currentTarget.value })}
      />
      {c.resourcetype === 'MultipleChoiceChallenge' ? (
        <>
          <CheckField
            label="Visitors may choose several answers"
            checked={c.multi_select ?? false}
            error={err('.multi_select')}
            path={`${at}.multi_select`}
            onChange={(on) => onChange(withMultiSelect(c, on))}
          />
          <ChoiceOptions
            challenge={c}
            number={number}
            at={at}
            problems={problems}
            correct={correctOptionKeys(c)}
            onValue={(key, value) =>
              set({ options: (c.options ?? []).map((o) => (o.key === key ? { ...o, value } : o)) })
            }
            onMark={(key, on) => onChange(markOption(c, key, on))}
            onAdd={() => onChange(addOption(c))}
            onRemove={(key) => onChange(removeOption(c, key))}
          />
        </>
      ) : null}
      {typed ? (
        <fieldset className={styles.group}>
          <legend>Accepted answers</legend>
          <p className={styles.note}>
            An answer that matches one of these is right at once; with none, you review answers
            yourself.
          </p>
          {answers.map((a, k) => (
            <TextField
              key={k}
              label={`Accepted answer ${k + 1}`}
              inputMode={c.resourcetype === 'NumberChallenge' ? 'decimal' : undefined}
              value={a.value}
              error={err(`.correct_answers[${k}].value`)}
              beside={
                <button
                  type="button"
                  className={styles.delete}
                  onClick={() => set({ correct_answers: answers.filter((_, j) => j !== k) })}
                >
                  Remove
                </button>
              }
              onChange={(e) =>
                set({
                  correct_answers: answers.map((x, j) =>
                    j === k ? { ...x, value: e.currentTarget.value } : x,
                  ),
                })
              }
            />
          ))}
          <button
            type="button"
            className={styles.add}
            onClick={() => set({ correct_answers: [...answers, { value: '', is_correct: true }] })}
          >
            Add accepted answer
          </button>
        </fieldset>
      ) : null}
      {c.resourcetype === 'PhotoChallenge' ? (
        <p className={styles.note}>Visitors send a photo; you review each one.</p>
      ) : null}
    </div>
  );
}
