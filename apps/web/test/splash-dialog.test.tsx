import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import {
  SPLASH_DISMISSIBLE_MS,
  SPLASH_DISMISSIBLE_ON_ERROR_MS,
  SPLASH_FORCED_HIDE_MS,
  SPLASH_TEST_MS,
  type GuideDetail,
} from '@earshot/core';
import { SplashDialog } from '../src/features/guide-entry/components/splash-dialog';

/**
 * SPEC §2 splash timing on the app's own clock (e2e/tests/guide-entry.spec.ts sees it in
 * Chromium, where a busy machine blurs the edges by tens of ms): dismissible after 1000 ms
 * on screen, 4000 ms when the picture fails, and gone by itself after 60 s.
 */
const guide = {
  token: 'walk',
  title: 'Riverfront Walk',
  city: { name: 'Portland', state: 'Oregon' },
  splash_url: '/s.jpg',
  images: [],
} as unknown as GuideDetail;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const enterButton = () => screen.getByRole('button', { name: 'Tap to Enter' });
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('the splash', () => {
  it(`is dismissible ${SPLASH_DISMISSIBLE_MS} ms after it shows, not a moment before`, () => {
    const onEnter = vi.fn();
    render(<SplashDialog guide={guide} onEnter={onEnter} />);
    fireEvent.click(enterButton());
    wait(SPLASH_DISMISSIBLE_MS - 1);
    expect(enterButton().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(enterButton());
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onEnter).not.toHaveBeenCalled();
    wait(1);
    expect(enterButton().getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(enterButton());
    expect(onEnter).toHaveBeenCalledTimes(1);
  });

  it(`waits ${SPLASH_DISMISSIBLE_ON_ERROR_MS} ms when the picture fails`, () => {
    render(<SplashDialog guide={{ ...guide, splash_url: '/broken.jpg' }} onEnter={() => {}} />);
    const img = document.querySelector('img')!;
    fireEvent.error(img);
    wait(SPLASH_DISMISSIBLE_MS);
    expect(enterButton().getAttribute('aria-disabled')).toBe('true');
    wait(SPLASH_DISMISSIBLE_ON_ERROR_MS - SPLASH_DISMISSIBLE_MS);
    expect(enterButton().getAttribute('aria-disabled')).toBe('false');
  });

  it(`hides by itself after ${SPLASH_FORCED_HIDE_MS / 1000} s, counted once however often its parent renders`, () => {
    const onEnter = vi.fn();
    let rerender = () => {};
    function Parent() {
      const [, set] = useState(0);
      rerender = () => set((n) => n + 1);
      // A new callback each render, as a parent's inline function is.
      return <SplashDialog guide={guide} onEnter={() => onEnter()} />;
    }
    render(<Parent />);
    for (let s = 0; s < SPLASH_FORCED_HIDE_MS / 1000 - 1; s++) {
      wait(1000);
      act(() => rerender());
    }
    expect(onEnter).not.toHaveBeenCalled();
    wait(1000);
    expect(onEnter).toHaveBeenCalledTimes(1);
  });

  it(`is held ${SPLASH_TEST_MS} ms when asked (the /splash_test page, SPEC §9)`, () => {
    const onEnter = vi.fn();
    render(<SplashDialog guide={guide} onEnter={onEnter} holdMs={SPLASH_TEST_MS} />);
    wait(SPLASH_TEST_MS - 1);
    expect(onEnter).not.toHaveBeenCalled();
    expect(enterButton()).toBeTruthy();
    wait(1);
    expect(onEnter).toHaveBeenCalledTimes(1);
  });
});
