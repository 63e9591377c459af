import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppLayout } from '../src/app/layout/app-layout';
import { renderWith } from './render';

describe('drawer menu', () => {
  it('opens from the menu button with the SPEC items, and closes', async () => {
    renderWith(<AppLayout />);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    for (const name of ['Login', 'All guides', 'About', 'Contact us']) {
      expect(within(dialog).getByText(name)).toBeTruthy();
    }
    expect(within(dialog).getByRole('switch', { name: 'Dark mode' })).toBeTruthy();
    expect(within(dialog).getByRole('switch', { name: 'Monochrome' })).toBeTruthy();
    expect(within(dialog).queryByText('Unregister')).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toMatch(
      /^mailto:/,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The menu's code loads on first use; closing it gives the focus back to its button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });

  it('turns dark mode and monochrome on for the whole document, and remembers them', async () => {
    renderWith(<AppLayout />);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const dark = await screen.findByRole('switch', { name: 'Dark mode' });
    fireEvent.click(dark);
    expect(dark.getAttribute('aria-checked')).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    fireEvent.click(screen.getByRole('switch', { name: 'Monochrome' }));
    expect(document.documentElement.dataset.mono).toBe('');
    expect(JSON.parse(localStorage.getItem('earshot-preferences')!).state).toEqual({
      dark: true,
      monochrome: true,
    });
    fireEvent.click(dark);
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('has list and map buttons in the footer', () => {
    renderWith(<AppLayout />);
    const views = screen.getByRole('navigation', { name: 'Views' });
    expect(within(views).getByRole('link', { name: 'List' }).getAttribute('href')).toBe('/');
    expect(within(views).getByRole('link', { name: 'Map' }).getAttribute('href')).toBe('/map');
  });
});
