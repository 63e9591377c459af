import { useState, type ChangeEvent } from 'react';
import type { FieldErrors } from '@earshot/core';

/**
 * The values of an auth form and its errors from a core rule. An error shows once its field
 * has been left (when `onBlur` is set) or the form was sent; sending shows them all and puts
 * the focus on the first field in error.
 */
export function useAuthForm<K extends string>(
  initial: Record<K, string>,
  rules: (values: Record<K, string>) => FieldErrors<K>,
  { onBlur = true }: { onBlur?: boolean } = {},
) {
  const [values, setValues] = useState(initial);
  const [left, setLeft] = useState<Partial<Record<K, boolean>>>({});
  const [sent, setSent] = useState(false);
  const errors = rules(values);

  const field = (name: K) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
    onBlur: onBlur ? () => setLeft((l) => ({ ...l, [name]: true })) : undefined,
    error: sent || left[name] ? errors[name] : undefined,
  });

  /** On submit: whether the form may be sent. */
  const check = (form: HTMLFormElement): boolean => {
    setSent(true);
    const first = (Object.keys(values) as K[]).find((k) => errors[k]);
    if (first === undefined) return true;
    (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
    return false;
  };

  return { values, field, check };
}
