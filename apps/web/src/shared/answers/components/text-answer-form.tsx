import { useState } from 'react';
import { answerRules, answerValue, CHALLENGE_TEXTS } from '@earshot/core';
import { TextField } from '../../ui/text-field';
import styles from './answer-forms.module.css';
import { SubmitAnswer } from './submit-answer';

type Props = {
  type: 'TextChallenge' | 'NumberChallenge';
  /** The answer given, shown in place of the draft; the form is then read only. */
  answered: string | null;
  /** Saving, signed out, or the answers still loading. */
  disabled: boolean;
  onSubmit: (value: string) => void;
};

/**
 * SPEC §5 text and number answers: Submit only with a value; a number is digits only
 * ('Answer must be a number') and Submit stays disabled until it is. Both hints read
 * 'Enter a number', as the SPEC has it for the text challenge too.
 */
export function TextAnswerForm({ type, answered, disabled, onSubmit }: Props) {
  const [typed, setTyped] = useState('');
  const value = answered ?? typed;
  const editable = answered === null && !disabled;
  const rules = answerRules({ type, value }, editable);
  const number = type === 'NumberChallenge';
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (editable && rules.valid) onSubmit(answerValue(value));
      }}
    >
      <TextField
        label="Your answer"
        value={value}
        onChange={(e) => setTyped(e.target.value)}
        placeholder={number ? CHALLENGE_TEXTS.numberHint : CHALLENGE_TEXTS.textHint}
        inputMode={number ? 'numeric' : 'text'}
        autoComplete="off"
        enterKeyHint="send"
        maxLength={number ? 15 : 1000}
        disabled={!editable}
        error={rules.error}
        announce
        // Once answered there is nothing left to send: the form only shows the answer.
        beside={answered === null && <SubmitAnswer state={rules.submit} />}
      />
    </form>
  );
}
