import {
  useId,
  useState,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { TextField } from '../../../shared/ui/text-field';
import styles from './fields.module.css';

/**
 * The studio's form fields beside the shared TextField: a text area, a select and a check
 * box, each labelled, with its problem below it (aria-invalid, aria-describedby).
 */
type Common = { label: string; error?: string | null; hint?: ReactNode };

function Problem({ id, error, hint }: { id: string; error?: string | null; hint?: ReactNode }) {
  if (error)
    return (
      <p id={`${id}-error`} className={styles.error}>
        {error}
      </p>
    );
  return hint ? (
    <p id={`${id}-hint`} className={styles.hint}>
      {hint}
    </p>
  ) : null;
}

const describedBy = (id: string, error?: string | null, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export function TextAreaField({
  label,
  error,
  hint,
  ...area
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.area}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        rows={4}
        {...area}
      />
      <Problem id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {children}
      </select>
      <Problem id={id} error={error} hint={hint} />
    </div>
  );
}

export function CheckField({
  label,
  checked,
  onChange,
  error,
  hint,
  path,
}: Common & { checked: boolean; onChange: (checked: boolean) => void; path?: string }) {
  const id = useId();
  return (
    <div className={styles.check}>
      <input
        id={id}
        type="checkbox"
        data-path={path}
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <Problem id={id} error={error} hint={hint} />
    </div>
  );
}

/** The messages of the problems exactly at one JSON path, as one line. */
export const messageAt = (problems: readonly { path: string; message: string }[], path: string) =>
  problems
    .filter((p) => p.path === path)
    .map((p) => p.message)
    .join('; ') || undefined;

/** A number typed in a field: undefined when empty, else the number (NaN stays NaN). */
export const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * A number field that lets the publisher type freely ("45.", "-") and hands on only numbers;
 * empty hands on undefined when `optional`. A value changed elsewhere (a pin dragged) shows.
 */
export function NumberField({
  label,
  value,
  onChange,
  error,
  optional = false,
  placeholder,
  note,
  path,
}: {
  label: string;
  /** The JSON path of the value, so a problem listed elsewhere can find its field. */
  path?: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  error?: string | null;
  optional?: boolean;
  placeholder?: string;
  note?: ReactNode;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // Changed from outside (a drag, an undo): show it unless the text already says so.
    setShown(value);
    if (numberOrUndefined(text) !== value) setText(value === undefined ? '' : String(value));
  }
  const typed = numberOrUndefined(text);
  const local =
    typed === undefined && !optional
      ? 'Type a number'
      : typed !== undefined && !Number.isFinite(typed)
        ? 'Type a number'
        : null;
  return (
    <TextField
      label={label}
      type="text"
      inputMode="decimal"
      data-path={path}
      value={text}
      placeholder={placeholder}
      error={local ?? error}
      note={note}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const n = numberOrUndefined(next);
        if (n === undefined ? optional : Number.isFinite(n)) {
          setShown(n);
          onChange(n);
        }
      }}
    />
  );
}
