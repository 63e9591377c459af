import type { DraftChallenge, DraftProblem } from '@earshot/core';
import { messageAt } from '../ui/fields';
import styles from './participation.module.css';

/**
 * A multiple-choice challenge's options, each with its text and whether it is a right answer:
 * check boxes when visitors may choose several, else radio buttons (one right answer).
 */
export function ChoiceOptions({
  challenge: c,
  number,
  at,
  problems,
  correct,
  onValue,
  onMark,
  onAdd,
  onRemove,
}: {
  challenge: DraftChallenge;
  number: number;
  at: string;
  problems: readonly DraftProblem[];
  correct: string[];
  onValue: (key: string, value: string) => void;
  onMark: (key: string, correct: boolean) => void;
  onAdd: () => void;
  onRemove: (key: string) => void;
}) {
  const options = c.options ?? [];
  const several = c.multi_select ?? false;
  const problem = messageAt(problems, `${at}.options`);
  const problemId = `${c.key}-options-problem`;
  return (
    <fieldset
      className={styles.group}
      data-path={`${at}.options`}
      aria-describedby={problem ? problemId : undefined}
    >
      <legend>Options of challenge {number}</legend>
      {problem ? (
        <p id={problemId} className={styles.problem}>
          {problem}
        </p>
      ) : null}
      <ol className={styles.options}>
        {options.map((o, i) => {
          const err = messageAt(problems, `${at}.options[${i}].value`);
          const inputId = `${c.key}-option-${o.key}`;
          return (
            <li key={o.key} className={styles.option}>
              <label className={styles.correct}>
                <input
                  type={several ? 'checkbox' : 'radio'}
                  name={`${c.key}-correct`}
                  checked={correct.includes(o.key)}
                  aria-label={`Correct: option ${i + 1}`}
                  onChange={(e) => onMark(o.key, e.currentTarget.checked)}
                />
                <span aria-hidden="true">Correct</span>
              </label>
              <label htmlFor={inputId} className="visually-hidden">
                Option {i + 1}
              </label>
              <input
                id={inputId}
                className={styles.optionInput}
                data-path={`${at}.options[${i}].value`}
                value={o.value}
                aria-invalid={err ? true : undefined}
                aria-describedby={err ? `${inputId}-error` : undefined}
                onChange={(e) => onValue(o.key, e.currentTarget.value)}
              />
              <button type="button" className={styles.delete} onClick={() => onRemove(o.key)}>
                Remove<span className="visually-hidden"> option {i + 1}</span>
              </button>
              {err ? (
                <p id={`${inputId}-error`} className={styles.optionError}>
                  {err}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <button type="button" className={styles.add} onClick={onAdd}>
        Add option
      </button>
    </fieldset>
  );
}
