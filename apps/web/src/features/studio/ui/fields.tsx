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

/** What a control inside a FieldFrame carries: its id and what describes it. */
type Described = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * One labelled field: the label, the control (given its id and aria attributes), and below
 * it the problem or else the hint. `check` puts a check box before its label.
 */
function FieldFrame({
  label,
  error,
  hint,
  check = false,
  children,
}: Common & { check?: boolean; children: (described: Described) => ReactNode }) {
  const id = useId();
  const control = children({
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  });
  const labelled = check ? (
    <label htmlFor={id}>{label}</label>
  ) : (
    <label htmlFor={id} className={styles.label}>
      {label}
    </label>
  );
  return (
    <div className={check ? styles.check : styles.field}>
      {check ? control : labelled}
      {check ? labelled : control}
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  ...area
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(described) => <textarea className={styles.area} rows={4} {...described} {...area} />}
    </FieldFrame>
  );
}

export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {(described) => (
        <select className={styles.select} {...described} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
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
  return (
    <FieldFrame label={label} error={error} hint={hint} check>
      {(described) => (
        <input
          type="checkbox"
          data-path={path}
          checked={checked}
          {...described}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      )}
    </FieldFrame>
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
