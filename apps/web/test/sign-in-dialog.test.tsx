import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AuthMount } from '../src/app/layout/auth-mount';
import { useAuthStore, type SignInTab } from '../src/shared/auth/store';
import { renderWith } from './render';
import { ADA, sentBody, serve } from './auth-fetch';

async function open(tab?: SignInTab) {
  renderWith(<AuthMount />);
  act(() => useAuthStore.getState().openSignIn(tab));
  // The dialog's code loads on first use: a slow machine takes a while the first time.
  return screen.findByRole('dialog', { name: 'Login' }, { timeout: 5000 });
}
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
};
// Radix tabs switch on mouse down (and on keys), not on click.
const pickTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }));

beforeEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState({ user: null, token: null, dialogOpen: false, dialogNotice: null });
});

describe('sign-in dialog (SPEC §2)', () => {
  it('is titled Login with its prompt, tabs Sign In and Register, the e-mail field focused', async () => {
    const dialog = await open();
    expect(within(dialog).getByText('Sign in to your account')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Sign In', 'Register']);
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(field('Email'));
    expect(screen.getByText(/Don.t have an account yet\?/).textContent).toBe(
      "Don't have an account yet? Register.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Register.' }));
    expect(screen.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useAuthStore.getState().dialogOpen).toBe(false);
  });

  it('opens on the tab asked for, and never for someone signed in (SPEC §6)', async () => {
    await open('register');
    expect(screen.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    act(() => useAuthStore.getState().closeSignIn());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => useAuthStore.getState().signedIn(ADA, 'tok'));
    act(() => useAuthStore.getState().openSignIn());
    expect(useAuthStore.getState().dialogOpen).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the missing e-mail and password, and sends nothing (SPEC §8)', async () => {
    const fetch = serve({});
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Your email address is required')).toBeTruthy();
    expect(screen.getByText('Your password is required')).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Email'));
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/auth/'))).toEqual([]);
  });

  it('signs in with the token of the set-auth-token header and closes', async () => {
    const fetch = serve({
      '/api/auth/sign-in/email': {
        status: 200,
        body: { redirect: false, token: 'raw', user: ADA },
        headers: { 'set-auth-token': 'raw.signature' },
      },
    });
    await open();
    type('Email', ' ada@example.org ');
    type('Password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetch, '/api/auth/sign-in/email')).toEqual({
      email: 'ada@example.org',
      password: 'correct horse',
    });
    expect(useAuthStore.getState()).toMatchObject({
      user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.org' },
      token: 'raw.signature',
    });
    expect(JSON.parse(localStorage.getItem('earshot-auth')!).state.token).toBe('raw.signature');
  });

  it.each([
    [
      'the lockout text on a 429',
      429,
      { message: 'Too many requests' },
      'You have tried to login too many times. Try again in 10 minutes',
    ],
    [
      "the provider's own message otherwise",
      401,
      { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      'Invalid email or password',
    ],
  ])('shows %s, as an error', async (_, status, body, text) => {
    serve({ '/api/auth/sign-in/email': { status, body } });
    await open();
    type('Email', 'ada@example.org');
    type('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(text);
    expect(alert.dataset.status).toBe('error');
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('says when Google sign-in is not available on this server', async () => {
    serve({ '/api/v1/auth_providers': { status: 200, body: { google: false } } });
    await open();
    const google = await screen.findByRole('button', {
      name: 'Google sign-in is not available on this server',
    });
    expect(google.getAttribute('aria-disabled')).toBe('true');
  });

  it('offers Google sign-in when the server has it', async () => {
    serve({ '/api/v1/auth_providers': { status: 200, body: { google: true } } });
    await open();
    const google = await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(google.getAttribute('aria-disabled')).toBeNull();
  });
});

describe('Register (SPEC §5)', () => {
  it('checks each field with the SPEC messages, and greets a name longer than 3 characters', async () => {
    await open('register');
    type('Email', 'ada@');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    type('Password', 'correct horse');
    type('Confirm password', 'correct hors');
    expect(screen.getByText('Password does not match')).toBeTruthy();
    type('Display name', 'Ada');
    expect(screen.getByText('Value must be more than 3 characters')).toBeTruthy();
    expect(screen.queryByText(/^Hello/)).toBeNull();
    type('Display name', 'Adam');
    expect(screen.queryByText('Value must be more than 3 characters')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Hello, Adam!');
    type('Display name', '');
    expect(screen.getByText('This fields is required')).toBeTruthy();
  });

  it('creates the account with the display name as name, and is signed in', async () => {
    const fetch = serve({
      '/api/auth/sign-up/email': {
        status: 200,
        body: { token: 'newtok', user: { ...ADA, name: 'Ada L' } },
        headers: { 'set-auth-token': 'newtok.sig' },
      },
    });
    await open('register');
    type('Email', 'ada@example.org');
    type('Password', 'correct horse');
    type('Confirm password', 'correct horse');
    type('Display name', ' Ada L ');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetch, '/api/auth/sign-up/email')).toEqual({
      email: 'ada@example.org',
      password: 'correct horse',
      name: 'Ada L',
    });
    expect(useAuthStore.getState().token).toBe('newtok.sig');
  });

  it('shows the reason an account could not be made', async () => {
    serve({
      '/api/auth/sign-up/email': {
        status: 422,
        body: { code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' },
      },
    });
    await open('register');
    type('Email', 'ada@example.org');
    type('Password', 'correct horse');
    type('Confirm password', 'correct horse');
    type('Display name', 'Ada Lovelace');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'User already exists. Use another email.',
    );
    expect(screen.getByRole('dialog', { name: 'Login' })).toBeTruthy();
  });
});

describe('the hidden reset tab (SPEC §2)', () => {
  it("opens from 'forgot password?' with the e-mail typed, checks it, and goes back", async () => {
    await open();
    type('Email', 'ada@');
    fireEvent.click(screen.getByRole('button', { name: 'forgot password?' }));
    const panel = screen.getByRole('tabpanel', { name: 'Forgot your password?' });
    expect(within(panel).getByLabelText<HTMLInputElement>('Email').value).toBe('ada@');
    // No tab of its own.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Sign In', 'Register']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Send Reset Email' }));
    expect(within(panel).getByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
  });

  it('sends the reset mail, then returns to the previous tab with the info message', async () => {
    const fetch = serve({
      '/api/auth/request-password-reset': {
        status: 200,
        body: { status: true, message: 'If this email exists in our system, check your email' },
      },
    });
    await open();
    pickTab('Register');
    pickTab('Sign In');
    fireEvent.click(screen.getByRole('button', { name: 'forgot password?' }));
    type('Email', 'ada@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Email' }));
    const info = await screen.findByText(
      'Password reset email sent, Check your inbox for password reset instructions',
    );
    expect(info.closest('[role="status"]')?.getAttribute('data-status')).toBe('info');
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect(sentBody(fetch, '/api/auth/request-password-reset')).toEqual({
      email: 'ada@example.org',
      redirectTo: '/reset-password',
    });
  });
});
