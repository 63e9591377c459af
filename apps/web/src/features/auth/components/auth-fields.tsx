import { TextField, type TextFieldProps } from '../../../shared/ui/text-field';

// The auth forms' own fields, thin over the shared field-and-error row: what each one is (its
// label, type and autocomplete) is said here, once.

/** A field as the form's hook gives it, to be labelled. */
type Field = Omit<TextFieldProps, 'label'>;

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
