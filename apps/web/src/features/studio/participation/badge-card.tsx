import {
  addLevel,
  problemsAt,
  visitedItemChoices,
  type DraftBadge,
  type DraftProblem,
  type GuideBundleInput,
} from '@earshot/core';
import { TextField } from '../../../shared/ui/text-field';
import { MediaField } from '../media/media-field';
import { messageAt, NumberField, SelectField, TextAreaField } from '../ui/fields';
import styles from './participation.module.css';

/** One badge: its name, message, picture, what it counts, and its levels. */
export function BadgeCard({
  draft,
  index,
  problems,
  guideToken,
  onChange,
  onDelete,
}: {
  draft: GuideBundleInput;
  index: number;
  problems: readonly DraftProblem[];
  guideToken: string;
  onChange: (badge: DraftBadge) => void;
  onDelete: () => void;
}) {
  const badge = draft.badges![index]!;
  const at = `$.badges[${index}]`;
  const mine = problemsAt(problems, at);
  const err = (path: string) => messageAt(mine, `${at}${path}`);
  const set = (patch: Partial<DraftBadge>) => onChange({ ...badge, ...patch });
  const setLevel = (j: number, patch: Partial<DraftBadge['levels'][number]>) =>
    set({ levels: badge.levels.map((l, k) => (k === j ? { ...l, ...patch } : l)) });
  const choices = visitedItemChoices(draft);
  const item = badge.visited_item ?? '';
  const name = badge.name || `Badge ${index + 1}`;

  return (
    <article className={styles.card} aria-labelledby={`badge-${index}`} data-path={at}>
      <header className={styles.cardTop}>
        <h3 id={`badge-${index}`} className={styles.cardTitle}>
          {name}
        </h3>
        <button type="button" className={styles.delete} onClick={onDelete}>
          Delete badge
        </button>
      </header>
      {err('') ? <p className={styles.problem}>{err('')}</p> : null}
      <div className={styles.grid}>
        <TextField
          label="Badge name"
          value={badge.name}
          error={err('.name')}
          data-path={`${at}.name`}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <SelectField
          label="Counts visits of"
          value={item}
          error={err('.visited_item')}
          data-path={`${at}.visited_item`}
          onChange={(e) => set({ visited_item: e.currentTarget.value || undefined })}
        >
          <option value="">Any stop of the guide</option>
          {item && !choices.some((c) => c.value === item) ? (
            <option value={item}>{item} (not in this guide)</option>
          ) : null}
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label="Message"
        rows={2}
        value={badge.message ?? ''}
        error={err('.message')}
        data-path={`${at}.message`}
        hint="Shown when a visitor earns the badge."
        onChange={(e) => set({ message: e.currentTarget.value })}
      />
      <MediaField
        kind="image"
        label="Badge picture"
        value={badge.image}
        guideToken={guideToken}
        error={err('.image')}
        path={`${at}.image`}
        onChange={(image) => set({ image })}
      />
      <fieldset className={styles.group} data-path={`${at}.levels`}>
        <legend>Levels</legend>
        {err('.levels') ? <p className={styles.problem}>{err('.levels')}</p> : null}
        <ol className={styles.items}>
          {badge.levels.map((level, j) => {
            const lat = `.levels[${j}]`;
            return (
              <li key={j} className={styles.item}>
                <div className={styles.itemTop}>
                  <span className={styles.itemTitle}>Level {j + 1}</span>
                  <button
                    type="button"
                    className={styles.delete}
                    disabled={badge.levels.length === 1}
                    onClick={() => set({ levels: badge.levels.filter((_, k) => k !== j) })}
                  >
                    Remove level {j + 1}
                  </button>
                </div>
                <div className={styles.grid}>
                  <TextField
                    label={`Level ${j + 1} name`}
                    value={level.name}
                    error={err(`${lat}.name`)}
                    data-path={`${at}${lat}.name`}
                    onChange={(e) => setLevel(j, { name: e.currentTarget.value })}
                  />
                  <NumberField
                    label={`Level ${j + 1} required points`}
                    value={level.required}
                    error={err(`${lat}.required`)}
                    path={`${at}${lat}.required`}
                    onChange={(v) => v !== undefined && setLevel(j, { required: v })}
                  />
                </div>
                <MediaField
                  kind="image"
                  label={`Level ${j + 1} picture`}
                  value={level.image}
                  guideToken={guideToken}
                  error={err(`${lat}.image`)}
                  path={`${at}${lat}.image`}
                  onChange={(image) => setLevel(j, { image })}
                />
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          className={styles.add}
          onClick={() => onChange(addLevel(draft, badge))}
        >
          Add level
        </button>
      </fieldset>
    </article>
  );
}
