import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  authFailureMessage,
  displayNameGreeting,
  isValidEmail,
  logoutFailedMessage,
  newPasswordErrors,
  registerErrors,
  resetEmailError,
  signInErrors,
  type RegisterForm,
} from '../../src/index.js';

const good: RegisterForm = {
  email: 'ada@example.org',
  password: 'correct horse',
  confirm: 'correct horse',
  name: 'Ada Lovelace',
};

describe('the SPEC texts, word for word', () => {
  it.each([
    [AUTH_MESSAGES.invalidEmail, 'Please enter a valid email address'],
    [AUTH_MESSAGES.passwordMismatch, 'Password does not match'],
    [AUTH_MESSAGES.required, 'This fields is required'],
    [AUTH_MESSAGES.nameTooShort, 'Value must be more than 3 characters'],
    [AUTH_MESSAGES.emailRequired, 'Your email address is required'],
    [AUTH_MESSAGES.passwordRequired, 'Your password is required'],
    [
      AUTH_MESSAGES.tooManyAttempts,
      'You have tried to login too many times. Try again in 10 minutes',
    ],
    [
      AUTH_MESSAGES.resetSent,
      'Password reset email sent, Check your inbox for password reset instructions',
    ],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});

describe('isValidEmail (SPEC §5)', () => {
  it.each([
    ['ada@example.org', true],
    ['  ada@example.org  ', true],
    ['a.b+tag@sub.example.co.uk', true],
    ['', false],
    ['ada', false],
    ['ada@', false],
    ['@example.org', false],
    ['ada@example', false],
    ['ada example@example.org', false],
  ])('%j → %s', (email, valid) => expect(isValidEmail(email)).toBe(valid));
});

describe('registerErrors (SPEC §5 Register)', () => {
  it.each<[string, Partial<RegisterForm>, Record<string, string>]>([
    ['a complete form', {}, {}],
    ['a malformed e-mail', { email: 'ada@' }, { email: 'Please enter a valid email address' }],
    ['no e-mail', { email: '' }, { email: 'Please enter a valid email address' }],
    ['another confirmation', { confirm: 'correct horse!' }, { confirm: 'Password does not match' }],
    ['no confirmation', { confirm: '' }, { confirm: 'Password does not match' }],
    ['no password', { password: '', confirm: '' }, { password: 'This fields is required' }],
    ['no display name', { name: '' }, { name: 'This fields is required' }],
    ['a blank display name', { name: '   ' }, { name: 'This fields is required' }],
    ['a name of 3 characters', { name: 'Ada' }, { name: 'Value must be more than 3 characters' }],
    ['3 characters padded', { name: ' Ada ' }, { name: 'Value must be more than 3 characters' }],
    ['a name of 4 characters', { name: 'Adam' }, {}],
    [
      'everything wrong',
      { email: 'x', password: 'a', confirm: 'b', name: 'Al' },
      {
        email: 'Please enter a valid email address',
        confirm: 'Password does not match',
        name: 'Value must be more than 3 characters',
      },
    ],
  ])('%s', (_, change, errors) => expect(registerErrors({ ...good, ...change })).toEqual(errors));
});

describe('signInErrors (SPEC §8: only the missing fields)', () => {
  it.each([
    ['both given', 'ada@example.org', 'pw', {}],
    ['any e-mail text is sent as it is', 'not-an-address', 'pw', {}],
    ['no e-mail', '', 'pw', { email: 'Your email address is required' }],
    ['a blank e-mail', '  ', 'pw', { email: 'Your email address is required' }],
    ['no password', 'ada@example.org', '', { password: 'Your password is required' }],
    [
      'neither',
      '',
      '',
      { email: 'Your email address is required', password: 'Your password is required' },
    ],
  ])('%s', (_, email, password, errors) =>
    expect(signInErrors({ email, password })).toEqual(errors),
  );
});

describe('resetEmailError (SPEC §5: the reset e-mail must be valid)', () => {
  it.each([
    ['ada@example.org', undefined],
    ['', 'Please enter a valid email address'],
    ['ada@example', 'Please enter a valid email address'],
  ])('%j → %s', (email, error) => expect(resetEmailError(email)).toBe(error));
});

describe('newPasswordErrors', () => {
  it.each([
    ['matching', 'new secret', 'new secret', {}],
    ['different', 'new secret', 'new secrets', { confirm: 'Password does not match' }],
    ['empty', '', '', { password: 'This fields is required' }],
  ])('%s', (_, password, confirm, errors) =>
    expect(newPasswordErrors({ password, confirm })).toEqual(errors),
  );
});

describe('displayNameGreeting (SPEC §2: once the name exceeds 3 characters)', () => {
  it.each([
    ['', null],
    ['Ada', null],
    ['  Ada  ', null],
    ['Adam', 'Hello, Adam!'],
    [' Ada Lovelace ', 'Hello, Ada Lovelace!'],
  ])('%j → %s', (name, greeting) => expect(displayNameGreeting(name)).toBe(greeting));
});

describe('authFailureMessage (SPEC §8)', () => {
  it.each([
    [
      'too many attempts, whatever the body',
      429,
      { message: 'Too many requests' },
      AUTH_MESSAGES.tooManyAttempts,
    ],
    ['too many attempts without a body', 429, null, AUTH_MESSAGES.tooManyAttempts],
    [
      'the provider message',
      401,
      { code: 'X', message: 'Invalid email or password' },
      'Invalid email or password',
    ],
    [
      'a 422 message',
      422,
      { message: 'User already exists. Use another email.' },
      'User already exists. Use another email.',
    ],
    ['no body', 500, null, 'The server answered 500. Please try again.'],
    ['a blank message', 400, { message: ' ' }, 'The server answered 400. Please try again.'],
    [
      'a message that is not text',
      400,
      { message: 42 },
      'The server answered 400. Please try again.',
    ],
    ['no answer at all', 0, null, 'You seem to be offline. Check your connection and try again.'],
  ])('%s', (_, status, body, text) => expect(authFailureMessage(status, body)).toBe(text));
});

describe('logoutFailedMessage (SPEC §8)', () => {
  it('is a warning that starts with the SPEC text', () => {
    expect(logoutFailedMessage('Failed to fetch')).toEqual({
      text: 'Unable to logout: Failed to fetch',
      status: 'warning',
    });
  });
});
