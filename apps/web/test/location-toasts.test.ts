import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToast, useToasts } from '../src/features/location-triggers/hooks/use-toasts';

beforeEach(() => {
  vi.useFakeTimers();
  useToasts.setState(useToasts.getInitialState());
});
afterEach(() => vi.useRealTimers());

const shown = () => currentToast(useToasts.getState())?.text ?? null;
const show = (text: string) => useToasts.getState().show({ text });

describe('location notices: one at a time, 8 s each', () => {
  it('shows the first at once and the next when it has had its 8 s', () => {
    show('Keep the screen on');
    show('Nearby: Tidewater Gate');
    expect(shown()).toBe('Keep the screen on');
    vi.advanceTimersByTime(7999);
    expect(shown()).toBe('Keep the screen on');
    vi.advanceTimersByTime(1);
    expect(shown()).toBe('Nearby: Tidewater Gate');
    vi.advanceTimersByTime(8000);
    expect(shown()).toBeNull();
  });

  it('dismiss shows the next at once, with a full 8 s of its own', () => {
    show('a');
    show('b');
    vi.advanceTimersByTime(5000);
    useToasts.getState().dismiss();
    expect(shown()).toBe('b');
    vi.advanceTimersByTime(7999);
    expect(shown()).toBe('b');
  });

  it('keeps at most two waiting: the oldest waiting one is dropped, the newest kept', () => {
    for (const t of ['a', 'b', 'c', 'd']) show(t);
    const texts = useToasts.getState().queue.map((t) => t.text);
    expect(texts).toEqual(['a', 'c', 'd']);
  });
});
