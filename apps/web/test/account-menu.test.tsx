import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppLayout } from '../src/app/layout/app-layout';
import { CallToAction } from '../src/features/guide-entry/components/call-to-action';
import { AuthMount } from '../src/app/layout/auth-mount';
import { useAuthStore } from '../src/shared/auth/store';
import { renderWith } from './render';
import { ADA, sentHeaders, serve } from './auth-fetch';

const openMenu = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  // The menu's code loads on first use: a slow machine takes a while the first time.
  return screen.findByRole('dialog', { name: 'Menu' }, { timeout: 5000 });
};

beforeEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState({ user: null, token: null, dialogOpen: false, dialogNotice: null });
});

describe('the drawer for visitors (SPEC §2)', () => {
  it('has Login, which opens the sign-in dialog once the menu has closed', async () => {
    renderWith(<AppLayout />);
    const menu = await openMenu();
    expect(within(menu).queryByText('Logout')).toBeNull();
    expect(within(menu).queryByText('Unregister')).toBeNull();
    fireEvent.click(within(menu).getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog', { name: 'Login' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});

describe('the drawer for the signed-in (SPEC §2)', () => {
  beforeEach(() => useAuthStore.getState().signedIn(ADA, 'tok.sig'));

  it('shows who is signed in, Logout and Unregister; Logout ends the session', async () => {
    const fetch = serve({ '/api/auth/sign-out': { status: 200, body: { success: true } } });
    renderWith(<AppLayout />);
    const menu = await openMenu();
    expect(within(menu).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(menu).getByText('ada@example.org')).toBeTruthy();
    expect(within(menu).queryByRole('button', { name: 'Login' })).toBeNull();
    expect(within(menu).getByRole('button', { name: 'Unregister' })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(sentHeaders(fetch, '/api/auth/sign-out').authorization).toBe('Bearer tok.sig');
    expect(useAuthStore.getState()).toMatchObject({ user: null, token: null });
  });

  it("warns 'Unable to logout: …' and stays signed in when the server cannot be reached", async () => {
    serve({});
    renderWith(<AppLayout />);
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'Logout' }));
    const warning = await within(menu).findByRole('alert');
    expect(warning.textContent).toContain('Unable to logout: You seem to be offline.');
    expect(warning.dataset.status).toBe('warning');
    expect(useAuthStore.getState().token).toBe('tok.sig');
  });

  it('signs out here too when the server no longer knows the session', async () => {
    serve({
      '/api/auth/sign-out': {
        status: 400,
        body: { code: 'FAILED_TO_GET_SESSION', message: 'Failed to get session' },
      },
    });
    renderWith(<AppLayout />);
    fireEvent.click(within(await openMenu()).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(useAuthStore.getState().token).toBeNull());
  });

  it('asks before Unregister, keeps the account on Keep, deletes it on Unregister', async () => {
    const fetch = serve({ '/api/v1/unregister/': { status: 204 } });
    renderWith(<AppLayout />);
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'Unregister' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Unregister?' });
    expect(document.activeElement).toBe(
      within(confirm).getByRole('button', { name: 'Keep my account' }),
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // (The menu asks studio/me whether to offer the studio: no other call is made.)
    expect(fetch.mock.calls.some(([url]) => url === '/api/v1/unregister/')).toBe(false);

    fireEvent.click(within(menu).getByRole('button', { name: 'Unregister' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Unregister?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Unregister' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/v1/unregister/')!;
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok.sig');
    expect(useAuthStore.getState()).toMatchObject({ user: null, token: null });
  });

  it('shows why Unregister failed and keeps the visitor signed in', async () => {
    serve({ '/api/v1/unregister/': { status: 500, body: { message: 'Internal Server Error' } } });
    renderWith(<AppLayout />);
    fireEvent.click(within(await openMenu()).getByRole('button', { name: 'Unregister' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Unregister?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Unregister' }));
    expect((await within(confirm).findByRole('alert')).textContent).toContain(
      'Internal Server Error',
    );
    expect(useAuthStore.getState().token).toBe('tok.sig');
  });
});

describe("the splash's 'Register to take part' (SPEC §2)", () => {
  it('opens the sign-in dialog on Register, and is not shown to the signed-in', async () => {
    const { unmount } = renderWith(
      <>
        <CallToAction badges={2} hunts={1} />
        <AuthMount />
      </>,
    );
    const banner = screen.getByRole('complementary', { name: 'Take part' });
    fireEvent.click(within(banner).getByRole('button', { name: /Register to take part/ }));
    await screen.findByRole('dialog', { name: 'Login' }, { timeout: 5000 });
    expect(screen.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.queryByRole('complementary', { name: 'Take part' })).toBeNull();
    unmount();
    act(() => useAuthStore.getState().signedIn(ADA, 'tok'));
    renderWith(<CallToAction badges={2} hunts={1} />);
    expect(screen.queryByRole('complementary', { name: 'Take part' })).toBeNull();
  });

  it('names only what the guide has, and is not shown for a guide with neither', () => {
    const banner = () => screen.queryByRole('complementary', { name: 'Take part' });
    const huntOnly = renderWith(<CallToAction badges={0} hunts={1} />);
    expect(banner()?.textContent).toContain('Answer the scavenger hunt as you walk.');
    huntOnly.unmount();
    const badgesOnly = renderWith(<CallToAction badges={3} hunts={0} />);
    expect(banner()?.textContent).toContain('Earn badges as you walk.');
    badgesOnly.unmount();
    renderWith(<CallToAction badges={0} hunts={0} />);
    expect(banner()).toBeNull();
  });
});
