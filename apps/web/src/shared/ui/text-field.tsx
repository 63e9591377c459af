import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './text-field.module.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> & {
  label: string;
  /** Shown below the field, which reads as invalid while there is one. */
  error?: string | null;
  /** Below the field when there is no error (a greeting, a hint). */
  note?: ReactNode;
  /** On the input's row, after it: a form's one button. */
  beside?: ReactNode;
  /** The error is announced as it appears: for checks made while typing, not on submit. */
  announce?: boolean;
};

/**
 * A labelled input with its error below: the field-and-error row of every form (sign-in,
 * register, password reset, text and number answers). The error describes the input to
 * assistive technology, which reads it as invalid. A form may set the error colours with
 * `--field-error` (the border) and `--field-error-text`.
 */
export function TextField({
  label,
  error,
  note,
  beside,
  announce = false,
  ...input
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const field = (
    <input
      id={id}
      className={styles.input}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      {...input}
    />
  );
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {beside ? (
        <div className={styles.row}>
          {field}
          {beside}
        </div>
      ) : (
        field
      )}
      {error ? (
        <p id={errorId} className={styles.error} role={announce ? 'alert' : undefined}>
          {error}
        </p>
      ) : (
        note
      )}
    </div>
  );
}
