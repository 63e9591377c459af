import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { InstallBanner } from '../src/features/install/components/install-banner';

const offer = () => {
  const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    prompted?: boolean;
  };
  e.prompt = async () => {
    e.prompted = true;
  };
  window.dispatchEvent(e);
  return e;
};

describe('InstallBanner', () => {
  it('keeps an install offer the browser made before the app had drawn', async () => {
    // The app draws after the page's shell has painted; the browser may offer sooner.
    const early = offer();
    expect(early.defaultPrevented).toBe(true);
    render(<InstallBanner />);
    const banner = screen.getByRole('region', { name: 'Install Earshot' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes' })));
    expect(early.prompted).toBe(true);
    expect(banner.isConnected).toBe(false);
  });
});
