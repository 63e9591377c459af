import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatBytes, tourCacheName } from '@earshot/core';
import { AppLayout } from '../src/app/layout/app-layout';
import { DownloadsScreen } from '../src/features/downloads/components/downloads-screen';
import { GuideList } from '../src/features/guides/components/guide-list';
import { saveDownloadMeta, type DownloadedGuide } from '../src/shared/offline/downloads';
import { guide } from './fixtures';
import { memoryCaches } from './memory-caches';
import { renderWith } from './render';

const saved = (token: string, title: string, extra: Partial<DownloadedGuide> = {}) => ({
  token,
  title,
  place: 'Portland, Oregon',
  image: null,
  bytes: 12_400_000,
  files: 48,
  failed: 0,
  savedAt: Date.UTC(2026, 10, 23, 12),
  ...extra,
});

beforeEach(() => {
  vi.stubGlobal('caches', memoryCaches());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Downloaded guides screen', () => {
  it('lists the saved guides, newest first, with their size, and the total', async () => {
    await saveDownloadMeta(saved('river-walk', 'River Walk', { failed: 2 }));
    await saveDownloadMeta(
      saved('mural-loop', 'Mural Loop', {
        bytes: 840_000,
        files: 1,
        savedAt: Date.UTC(2026, 10, 24),
      }),
    );
    // Another cache of the app is not a download.
    await caches.open('earshot-api');
    renderWith(<DownloadsScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Downloaded guides' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Saved guides' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Mural Loop');
    expect(first!.textContent).toContain('840 KB');
    expect(within(first!).getByText('1 file')).toBeTruthy();
    expect(first!.textContent).not.toContain('online only');
    expect(second!.textContent).toContain('Portland, Oregon');
    expect(second!.textContent).toContain('12.4 MB');
    expect(second!.textContent).toContain('48 files');
    const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
    expect(second!.textContent).toContain(`Saved ${date.format(Date.UTC(2026, 10, 23, 12))}`);
    expect(second!.textContent).toContain('2 files play online only');
    expect(
      within(second!).getByRole('link', { name: 'Open River Walk' }).getAttribute('href'),
    ).toBe('/guide/river-walk');
    expect(screen.getByText(`2 guides · ${formatBytes(13_240_000)} on this device`)).toBeTruthy();
  });

  it('deletes a guide and its files once the visitor confirms', async () => {
    await saveDownloadMeta(saved('river-walk', 'River Walk'));
    await saveDownloadMeta(saved('mural-loop', 'Mural Loop'));
    renderWith(<DownloadsScreen />);
    const remove = await screen.findByRole('button', {
      name: 'Delete River Walk from this device',
    });

    // Keep: nothing goes, and the focus is back on the button.
    fireEvent.click(remove);
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete River Walk?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(remove);
    expect(await caches.keys()).toContain(tourCacheName('river-walk'));

    fireEvent.click(remove);
    dialog = await screen.findByRole('alertdialog', { name: 'Delete River Walk?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('River Walk')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Deleted River Walk.');
    expect(await caches.keys()).toEqual([tourCacheName('mural-loop')]);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText(/^1 guide · 12\.4 MB on this device$/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('says how to save a guide when none is saved', async () => {
    renderWith(<DownloadsScreen />);
    expect(await screen.findByRole('heading', { name: 'No guides saved yet' })).toBeTruthy();
    expect(screen.getByText(/choose Visit/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all guides' }).getAttribute('href')).toBe('/');
  });

  it('shows the empty state where the browser has no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    renderWith(<DownloadsScreen />);
    expect(await screen.findByRole('heading', { name: 'No guides saved yet' })).toBeTruthy();
  });
});

describe('guide list', () => {
  it('marks the guides saved on this device', async () => {
    await saveDownloadMeta(saved('g-2', 'Mural Loop'));
    renderWith(
      <GuideList
        guides={[guide(1, 'River Walk', 'Portland'), guide(2, 'Mural Loop', 'Salem')]}
        onOpen={() => {}}
      />,
    );
    const items = screen.getAllByRole('listitem');
    await waitFor(() => expect(items[1]!.textContent).toContain('Saved offline'));
    expect(items[0]!.textContent).not.toContain('Saved offline');
  });
});

describe('drawer menu', () => {
  it('links to the downloaded guides, and closes on the way', async () => {
    renderWith(<AppLayout />);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    const link = within(dialog).getByRole('link', { name: 'Downloaded guides' });
    expect(link.getAttribute('href')).toBe('/downloads');
    fireEvent.click(link);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
