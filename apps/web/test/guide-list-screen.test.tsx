import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GuideListScreen } from '../src/features/guides/components/guide-list-screen';
import { useGuideList } from '../src/features/guides/store';
import { guide } from './fixtures';
import { renderWith } from './render';

const respond = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

/** 24 guides in 6 cities of 3 states: more than 20, so grouped. */
const many = () => {
  const places = [
    ['Portland', 'Oregon'],
    ['Salem', 'Oregon'],
    ['Austin', 'Texas'],
    ['Dallas', 'Texas'],
    ['Boston', 'Massachusetts'],
    ['Chicago', 'Illinois'],
  ];
  return Array.from({ length: 24 }, (_, i) =>
    guide(i + 1, `Walk ${i + 1}`, places[i % 6]![0]!, places[i % 6]![1]!),
  );
};

const open = vi.fn();
const show = (props: Partial<Parameters<typeof GuideListScreen>[0]> = {}) =>
  renderWith(<GuideListScreen heading="Guides" onOpen={open} {...props} />);

afterEach(() => {
  vi.restoreAllMocks();
  act(() => useGuideList.getState().reset());
});

describe('GuideListScreen', () => {
  it('shows a spinner, then 20 or fewer guides as a flat list', async () => {
    respond(200, [
      guide(1, 'River Walk', 'Portland', 'Oregon', {
        languages: [
          { code: 'en', label: 'English' },
          { code: 'es', label: 'Español' },
        ],
      }),
      guide(2, 'Mural Loop', 'Salem', 'Oregon', { coming_soon: true, num_pois: 1 }),
    ]);
    show();
    expect(screen.getByRole('status').textContent).toContain('Loading guides');
    const list = await screen.findByRole('list', { name: 'Guides' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Portland, Oregon');
    expect(items[0]!.textContent).toContain('First part. Second part.');
    expect(items[0]!.textContent).toContain('English · Español');
    expect(items[1]!.textContent).toContain('Coming soon');
    expect(items[1]!.textContent).toContain('1 stop');
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'River Walk' }));
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ token: 'g-1' }));
  });

  it('shows guides the page brings (the guide list test) at once, and fetches none', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    show({ fixture: many(), headingLevel: 'h2' });
    expect(screen.getByRole('heading', { level: 2, name: 'Guides' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByText('24 guides in 6 cities')).toBeTruthy();
    const cities = screen.getByRole('list', { name: 'Cities' });
    expect(within(cities).getAllByRole('button', { expanded: false })).toHaveLength(6);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('groups more than 20 guides by city with state, name and count, and expands a city', async () => {
    respond(200, many());
    show();
    const cities = await screen.findByRole('list', { name: 'Cities' });
    const rows = within(cities).getAllByRole('button', { expanded: false });
    expect(rows.map((r) => r.textContent)).toEqual([
      'TexasAustin4',
      'MassachusettsBoston4',
      'IllinoisChicago4',
      'TexasDallas4',
      'OregonPortland4',
      'OregonSalem4',
    ]);
    fireEvent.click(rows[0]!);
    expect(rows[0]!.getAttribute('aria-expanded')).toBe('true');
    expect(within(cities).getByRole('button', { name: 'Walk 3, 3 stops' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Jump to cities by letter' })).toBeTruthy();
  });

  it('sorts by State or City from the header; the same header again flips the direction', async () => {
    respond(200, many());
    show();
    await screen.findByRole('list', { name: 'Cities' });
    const names = () =>
      within(screen.getByRole('list', { name: 'Cities' }))
        .getAllByRole('button', { expanded: false })
        .map((b) => b.textContent);
    fireEvent.click(screen.getByRole('button', { name: 'Sort by State' }));
    expect(names()[0]).toBe('IllinoisChicago4');
    fireEvent.click(screen.getByRole('button', { name: 'Sorted by State, ascending' }));
    expect(names()[0]).toBe('TexasDallas4');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by City' }));
    expect(names()[0]).toBe('TexasAustin4');
    fireEvent.click(screen.getByRole('button', { name: 'Sorted by City, ascending' }));
    expect(names()[0]).toBe('OregonSalem4');
  });

  it('has an Options dialog: sort by City or State, and ascending', async () => {
    respond(200, many());
    show();
    const options = await screen.findByRole('button', { name: 'Options' });
    fireEvent.click(options);
    // The dialog's code loads on first use.
    const dialog = await screen.findByRole('dialog', { name: 'Options' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'State' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ascending' }));
    expect(useGuideList.getState().sort).toEqual({ by: 'state', ascending: false });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(options);
  });

  it('searches with a Search Results caption; an empty query clears the results', async () => {
    respond(200, many());
    show();
    await screen.findByRole('list', { name: 'Cities' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search guides' }), {
      target: { value: 'Austin' },
    });
    await screen.findByRole('heading', { name: 'Search Results' });
    // Fuse.js loads with the first search: results follow a moment later.
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .every((li) => li.textContent!.includes('Austin')),
    ).toBe(true);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search guides' }), {
      target: { value: '' },
    });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Search Results' })).toBeNull(),
    );
    expect(screen.getByRole('list', { name: 'Cities' })).toBeTruthy();
  });

  it('shows only one city, without the alphabet bar', async () => {
    respond(200, many());
    show({ scope: { kind: 'city', value: 'portland' }, showAlphabet: false });
    const list = await screen.findByRole('list', { name: 'Guides' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('navigation', { name: 'Jump to cities by letter' })).toBeNull();
  });

  it('has a friendly empty state for an unknown place', async () => {
    respond(200, many());
    show({ scope: { kind: 'state', value: 'Nowhere' }, showAlphabet: false });
    expect(await screen.findByRole('heading', { name: 'No guides in Nowhere yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all guides' }).getAttribute('href')).toBe('/');
  });

  it('shows the server message and a Retry button when loading fails, and retries', async () => {
    const fetch = respond(500, { message: 'Internal Server Error' });
    show();
    expect(await screen.findByRole('heading', { name: 'Guides could not be loaded' })).toBeTruthy();
    fetch.mockResolvedValue(
      new Response(JSON.stringify([guide(1, 'River Walk', 'Portland')]), { status: 200 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'River Walk' })).toBeTruthy();
  });

  it('says so when offline, and has an empty state', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const { unmount } = show();
    expect(await screen.findByText(/You seem to be offline/)).toBeTruthy();
    unmount();
    vi.restoreAllMocks();
    respond(200, []);
    show();
    expect(await screen.findByRole('heading', { name: 'No guides yet' })).toBeTruthy();
  });
});
