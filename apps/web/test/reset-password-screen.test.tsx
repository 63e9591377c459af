import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ResetPasswordScreen } from '../src/features/auth/components/reset-password-screen';
import { useAuthStore } from '../src/shared/auth/store';
import { sentBody, serve } from './auth-fetch';

function Where() {
  const { search } = useLocation();
  return <span title="query">{search}</span>;
}

const show = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/reset-password"
            element={
              <>
                <ResetPasswordScreen />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.blur(screen.getByLabelText(label));
};

beforeEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState({ user: null, token: null, dialogOpen: false, dialogNotice: null });
});

describe('/reset-password', () => {
  it('sets the new password with the mailed token, then opens Sign In', async () => {
    const fetch = serve({ '/api/auth/reset-password': { status: 200, body: { status: true } } });
    show('/reset-password?token=mailed-token');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset password' })).toBeTruthy();
    type('New password', 'new secret 1');
    type('Confirm password', 'new secret');
    expect(screen.getByText('Password does not match')).toBeTruthy();
    type('Confirm password', 'new secret 1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    const done = await screen.findByText(
      'Your password has been changed. Sign in with your new password.',
    );
    expect(done.closest('[role="status"]')?.getAttribute('data-status')).toBe('info');
    expect(sentBody(fetch, '/api/auth/reset-password')).toEqual({
      token: 'mailed-token',
      newPassword: 'new secret 1',
    });
    expect(useAuthStore.getState()).toMatchObject({ dialogOpen: true, dialogTab: 'signIn' });
    // The spent token leaves the address (the router applies it after the message shows).
    await waitFor(() => expect(screen.getByTitle('query').textContent).toBe(''));
  });

  it("shows the identity service's refusal", async () => {
    serve({
      '/api/auth/reset-password': {
        status: 400,
        body: { code: 'INVALID_TOKEN', message: 'Invalid token' },
      },
    });
    show('/reset-password?token=used');
    type('New password', 'new secret 1');
    type('Confirm password', 'new secret 1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid token');
  });

  it('offers a new link when the link had no valid token', async () => {
    show('/reset-password?error=INVALID_TOKEN');
    expect(screen.getByRole('alert').textContent).toContain('not valid any more');
    expect(screen.queryByLabelText('New password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    await waitFor(() =>
      expect(useAuthStore.getState()).toMatchObject({ dialogOpen: true, dialogTab: 'reset' }),
    );
  });
});
