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

/** A field as the form's hook gives it, to be labelled. */
type Field = Omit<Props, 'label'>;

/**
 * The e-mail field: an address, neither capitalised nor spell-checked. `onEmail` passes what
 * is typed on to the other tabs, so a forgotten password needs no second typing.
 */
export function EmailField({
  onEmail,
  ...field
}: Field & { autoComplete: 'email' | 'username'; onEmail?: (email: string) => void }) {
  return (
    <TextField
      {...field}
      onChange={(e) => {
        field.onChange?.(e);
        onEmail?.(e.target.value);
      }}
      label="Email"
      type="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
    />
  );
}

/** A new password and its confirmation, both marked as new for the password manager. */
export function NewPasswordFields({
  label,
  password,
  confirm,
}: {
  label: string;
  password: Field;
  confirm: Field;
}) {
  return (
    <>
      <TextField {...password} label={label} type="password" autoComplete="new-password" />
      <TextField
        {...confirm}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
