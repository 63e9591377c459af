import { describe, expect, it, vi, afterEach } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GuideSummary } from '@earshot/core';
import { GuidesHome } from '../src/features/guides/components/guides-home';
import { renderWith } from './render';

const guide = (
  id: number,
  title: string,
  city: string,
  extra: Partial<GuideSummary> = {},
): GuideSummary => ({
  id,
  token: `g-${id}`,
  title,
  description: '<p>First part.</p><p>Second <em>part</em>.</p>',
  city_id: id,
  city: { id, name: city, state: 'Oregon' },
  coming_soon: false,
  map_type: 'hybrid',
  splash_url: `/static/tours/${id}/media/splash.jpg`,
  splashURL: `/static/tours/${id}/media/splash.jpg`,
  images: [],
  tour_images: [],
  languages: [],
  has_keypad: false,
  num_pois: 3,
  centroid: [45, -122],
  center: { lat: 45, lng: -122 },
  distance: -1,
  ...extra,
});

const respond = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

afterEach(() => vi.restoreAllMocks());

describe('GuidesHome', () => {
  it('shows a spinner, then the guides with city, stops and plain-text summary', async () => {
    respond(200, [
      guide(1, 'River Walk', 'Portland', {
        languages: [
          { code: 'en', label: 'English' },
          { code: 'es', label: 'Español' },
        ],
      }),
      guide(2, 'Mural Loop', 'Salem', { coming_soon: true, num_pois: 1 }),
    ]);
    renderWith(<GuidesHome />);
    expect(screen.getByRole('status').textContent).toContain('Loading guides');
    const list = await screen.findByRole('list', { name: 'Guides' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { name: 'River Walk' })).toBeTruthy();
    expect(items[0]!.textContent).toContain('Portland, Oregon');
    expect(items[0]!.textContent).toContain('First part. Second part.');
    expect(items[0]!.textContent).toContain('English · Español');
    expect(items[1]!.textContent).toContain('Coming soon');
    expect(items[1]!.textContent).toContain('1 stop');
    expect(within(items[0]!).getByRole('img').getAttribute('alt')).toBe('Cover of River Walk');
    expect(screen.getByText(/2 guides in 2 cities/)).toBeTruthy();
  });

  it('shows the server message and a Retry button when loading fails, and retries', async () => {
    const fetch = respond(500, { message: 'Internal Server Error' });
    renderWith(<GuidesHome />);
    expect(await screen.findByRole('heading', { name: 'Guides could not be loaded' })).toBeTruthy();
    expect(screen.getByText('Internal Server Error')).toBeTruthy();
    fetch.mockResolvedValue(
      new Response(JSON.stringify([guide(1, 'River Walk', 'Portland')]), { status: 200 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'River Walk' })).toBeTruthy();
  });

  it('says so when offline', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderWith(<GuidesHome />);
    expect(await screen.findByText(/You seem to be offline/)).toBeTruthy();
  });

  it('has an empty state', async () => {
    respond(200, []);
    renderWith(<GuidesHome />);
    expect(await screen.findByRole('heading', { name: 'No guides yet' })).toBeTruthy();
  });

  it('falls back to a neutral picture when an image fails', async () => {
    respond(200, [guide(1, 'River Walk', 'Portland')]);
    renderWith(<GuidesHome />);
    const img = await screen.findByRole('img');
    fireEvent.error(img);
    await waitFor(() => expect(screen.queryByRole('img')).toBeNull());
  });
});
