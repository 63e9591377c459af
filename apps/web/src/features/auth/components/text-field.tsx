import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './auth.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  name: string;
  label: string;
  /** Shown below the field, which reads as invalid while there is one. */
  error?: string;
  /** Below the field when there is no error (the display-name greeting). */
  note?: ReactNode;
};

/** A labelled input of the auth forms with its error, described to assistive technology. */
export function TextField({ label, error, note, ...input }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : (
        note
      )}
    </div>
  );
}
