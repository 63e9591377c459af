import { useId, useState } from 'react';
import { answerRules, choiceLabel, type MultipleChoiceOption } from '@earshot/core';
import buttons from '../../ui/button.module.css';
import { Spinner } from '../../ui/spinner';
import styles from './answer-forms.module.css';
import { SubmitAnswer } from './submit-answer';

type Props = {
  options: MultipleChoiceOption[] | undefined;
  /** The options could not be loaded. */
  failed?: boolean;
  /** The option id given, shown checked; the form is then read only. */
  answered: number | null;
  disabled: boolean;
  onSubmit: (value: string) => void;
};

/**
 * SPEC §5 multiple choice: options labelled A to Z, one pick, which can be cancelled (the
 * picked option again, or Clear), then Submit.
 */
export function ChoiceAnswerForm({ options, failed, answered, disabled, onSubmit }: Props) {
  const [picked, setPicked] = useState<number | null>(null);
  const name = useId();
  const chosen = answered ?? picked;
  const editable = answered === null && !disabled;
  const rules = answerRules({ type: 'MultipleChoiceChallenge', option: chosen }, editable);
  if (!options && failed)
    return (
      <p className={styles.error} role="alert">
        The options could not be loaded. Check your connection and try again.
      </p>
    );
  if (!options) return <Spinner label="Loading the options" />;
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (editable && chosen !== null) onSubmit(String(chosen));
      }}
    >
      <fieldset className={styles.choices} disabled={!editable}>
        <legend className={styles.label}>Choose one answer</legend>
        {options.map((o, i) => (
          <label key={o.id} className={styles.choice} data-checked={chosen === o.id || undefined}>
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={o.id}
              aria-label={`${choiceLabel(i)}: ${o.value}`}
              checked={chosen === o.id}
              onChange={() => setPicked(o.id)}
              // The picked option again cancels the pick (a radio alone cannot be unchecked).
              onClick={() => picked === o.id && setPicked(null)}
            />
            <span className={styles.letter} aria-hidden="true">
              {choiceLabel(i)}
            </span>
            <span className={styles.choiceText}>{o.value}</span>
          </label>
        ))}
      </fieldset>
      {editable && (
        <div className={styles.actions}>
          <SubmitAnswer state={rules.submit === 'enabled' ? 'enabled' : 'disabled'} />
          {picked !== null && (
            <button
              type="button"
              className={`${buttons.button} ${buttons.secondary}`}
              onClick={() => setPicked(null)}
            >
              Clear choice
            </button>
          )}
        </div>
      )}
    </form>
  );
}
