import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppLayout } from '../src/app/layout/app-layout';
import { opensStudio } from '../src/app/layout/use-studio-link';
import { useAuthStore } from '../src/shared/auth/store';
import { renderWith } from './render';
import { ADA, sentHeaders, serve } from './auth-fetch';

// The drawer leads admins and publishers to the studio, and nobody else (docs/studio.md Web).

const openMenu = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  return screen.findByRole('dialog', { name: 'Menu' }, { timeout: 5000 });
};
const ME = '/api/v1/studio/me';
const org = { id: 1, name: 'Museum of Sound', slug: 'museum-of-sound', role: 'publisher' };

beforeEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState({ user: null, token: null, dialogOpen: false, dialogNotice: null });
});

describe('opensStudio', () => {
  it.each([
    [{ admin: true, organisations: [] }, true],
    [{ admin: false, organisations: [org] }, true],
    [{ admin: false, organisations: [] }, false],
    [{ admin: 'yes', organisations: {} }, false],
    [{}, false],
    [null, false],
    ['admin', false],
  ])('%j → %s', (answer, opens) => expect(opensStudio(answer)).toBe(opens));
});

describe('the drawer’s Studio link', () => {
  it('shows for a publisher, asked with their token, and leads to /studio', async () => {
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    const fetch = serve({ [ME]: { status: 200, body: { admin: false, organisations: [org] } } });
    renderWith(<AppLayout />);
    const menu = await openMenu();
    const link = await within(menu).findByRole('link', { name: 'Studio' });
    expect(link.getAttribute('href')).toBe('/studio');
    expect(sentHeaders(fetch, ME).authorization).toBe('Bearer tok.sig');
  });

  it('is not there for a signed-in user of no organisation', async () => {
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    const fetch = serve({ [ME]: { status: 200, body: { admin: false, organisations: [] } } });
    renderWith(<AppLayout />);
    const menu = await openMenu();
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === ME)).toBe(true));
    // The answer is in: nothing follows it.
    await new Promise((r) => setTimeout(r, 50));
    expect(within(menu).queryByRole('link', { name: 'Studio' })).toBeNull();
  });

  it('is not there for a visitor, who is not even asked about', async () => {
    const fetch = serve({});
    renderWith(<AppLayout />);
    const menu = await openMenu();
    expect(within(menu).getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Studio' })).toBeNull();
    expect(fetch.mock.calls.some(([url]) => url === ME)).toBe(false);
  });
});
