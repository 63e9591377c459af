import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { DraftProblem } from '@earshot/core';
import { problemsAt } from '@earshot/core';
import styles from './editor.module.css';

/** The first problem at a field's path, as the field shows it (the whole entry's, not inside). */
export function problemAt(problems: readonly DraftProblem[], path: string): string | undefined {
  const here = problems.filter((p) => p.path === path);
  return (here[0] ?? undefined)?.message;
}

/** Every problem inside an entry (a list's), for a list to show once above its rows. */
export const problemsIn = (problems: readonly DraftProblem[], path: string) =>
  problemsAt(problems, path).map((p) => p.message);

export function SelectField({
  label,
  error,
  path,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  path: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        data-path={path}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A yes/no setting: a native checkbox (keyboard and screen readers know it) with its hint. */
export function CheckField({
  label,
  hint,
  checked,
  onChange,
  path,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  path: string;
}) {
  const id = useId();
  return (
    <div className={styles.check}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        data-path={path}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>
        <span className={styles.checkLabel}>{label}</span>
        {hint && (
          <span id={`${id}-hint`} className={styles.hint}>
            {hint}
          </span>
        )}
      </label>
    </div>
  );
}

/** Problems of a list as a whole (duplicates, a missing entry), shown above its rows. */
export function ListProblems({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className={styles.listProblems}>
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}
