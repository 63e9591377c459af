import { z } from 'zod';
import { CLIENT_MESSAGES } from '../contract/client-messages.js';

/** The sign-in dialog's texts (SPEC §5 and §8), word for word. */
export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  passwordMismatch: 'Password does not match',
  required: 'This fields is required',
  nameTooShort: 'Value must be more than 3 characters',
  emailRequired: 'Your email address is required',
  passwordRequired: 'Your password is required',
  tooManyAttempts: 'You have tried to login too many times. Try again in 10 minutes',
  resetSent: 'Password reset email sent, Check your inbox for password reset instructions',
  logoutFailed: 'Unable to logout: ',
} as const;

/** SPEC §8 auth banner: red for error, amber for warning, green for info. */
export type AuthMessageStatus = 'error' | 'warning' | 'info';
export type AuthMessage = { text: string; status: AuthMessageStatus };

/** A display name longer than this many characters is accepted (and greeted). */
export const DISPLAY_NAME_MIN_EXCLUSIVE = 3;

// The server's identity service checks addresses with the same zod rule, so the form never
// lets through an address the server then refuses as malformed.
const emailRule = z.email();

export const isValidEmail = (email: string): boolean => emailRule.safeParse(email.trim()).success;

export type RegisterForm = { email: string; password: string; confirm: string; name: string };
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * SPEC §5 Register: a valid e-mail, the confirmation equal to the password, and a display
 * name that is given and longer than 3 characters. The password's own rules are the
 * identity service's, which answers with its message.
 */
export function registerErrors(form: RegisterForm): FieldErrors<keyof RegisterForm> {
  const errors: FieldErrors<keyof RegisterForm> = {};
  if (!isValidEmail(form.email)) errors.email = AUTH_MESSAGES.invalidEmail;
  if (!form.password) errors.password = AUTH_MESSAGES.required;
  if (form.confirm !== form.password) errors.confirm = AUTH_MESSAGES.passwordMismatch;
  const name = form.name.trim();
  if (!name) errors.name = AUTH_MESSAGES.required;
  else if (name.length <= DISPLAY_NAME_MIN_EXCLUSIVE) errors.name = AUTH_MESSAGES.nameTooShort;
  return errors;
}

export type SignInForm = { email: string; password: string };

/** SPEC §8: sign-in only asks that both fields are filled in (§5: no other client rules). */
export function signInErrors(form: SignInForm): FieldErrors<keyof SignInForm> {
  const errors: FieldErrors<keyof SignInForm> = {};
  if (!form.email.trim()) errors.email = AUTH_MESSAGES.emailRequired;
  if (!form.password) errors.password = AUTH_MESSAGES.passwordRequired;
  return errors;
}

/** SPEC §5: the password-reset e-mail must be valid. */
export const resetEmailError = (email: string): string | undefined =>
  isValidEmail(email) ? undefined : AUTH_MESSAGES.invalidEmail;

export type NewPasswordForm = { password: string; confirm: string };

/** The reset-password page: a new password, confirmed. */
export function newPasswordErrors(form: NewPasswordForm): FieldErrors<keyof NewPasswordForm> {
  const errors: FieldErrors<keyof NewPasswordForm> = {};
  if (!form.password) errors.password = AUTH_MESSAGES.required;
  if (form.confirm !== form.password) errors.confirm = AUTH_MESSAGES.passwordMismatch;
  return errors;
}

/** SPEC §2 Register: a greeting once the display name exceeds 3 characters, else none. */
export function displayNameGreeting(name: string): string | null {
  const trimmed = name.trim();
  return trimmed.length > DISPLAY_NAME_MIN_EXCLUSIVE ? `Hello, ${trimmed}!` : null;
}

/**
 * SPEC §8: what a failed identity call says. Too many attempts has its own text; any other
 * failure shows the provider's own message, or a plain one when it sent none.
 */
export function authFailureMessage(status: number, body: unknown): string {
  if (status === 429) return AUTH_MESSAGES.tooManyAttempts;
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.trim()) return message;
  if (status === 0) return CLIENT_MESSAGES.offline;
  return `The server answered ${status}. Please try again.`;
}

/** SPEC §8 'Unable to logout: ...' (a warning). */
export const logoutFailedMessage = (reason: string): AuthMessage => ({
  text: `${AUTH_MESSAGES.logoutFailed}${reason}`,
  status: 'warning',
});
