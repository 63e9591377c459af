import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  initialKeypad,
  KEYPAD_AUTO_CLEAR_MS,
  KEYPAD_AUTO_VISIT_MS,
  KEYPAD_INVALID_CLEAR_MS,
  keypadPois,
  keypadReducer,
  type KeypadAction,
  type KeypadState,
} from '@earshot/core';
import type { KeypadStop } from '../lib/keypad-stop';

type Timers = { visit?: number; invalid?: number; auto?: number };

/** What a keypad does with a number that matched (the guide selects the stop, a test page logs it). */
export type KeypadHandlers = {
  /** A number matched this stop: at once. */
  onMatch: (token: string) => void;
  /** The auto-visit time after a match has run out (SPEC §9). */
  onVisit: () => void;
};

/**
 * The keypad of SPEC §4 with its SPEC §9 timers: a match is handed on at once (the guide
 * selects the POI, which starts playing) and visited after the auto-visit time; a number
 * that matches nothing is logged and cleared after 800 ms; a number left alone is submitted
 * after 6 s. Side effects run in the action handler (not in effects) so each happens once
 * per key.
 */
export function useKeypad<P extends KeypadStop>(all: readonly P[], handlers: KeypadHandlers) {
  const pois = useMemo(() => keypadPois(all), [all]);
  const [state, setState] = useState<KeypadState>(() => initialKeypad(pois));
  const current = useRef(state);
  const timers = useRef<Timers>({});
  const on = useRef(handlers);
  // The timers call the latest act through this ref (a callback cannot name itself).
  const again = useRef<(action: KeypadAction) => void>(() => undefined);
  useEffect(() => {
    on.current = handlers;
  }, [handlers]);

  const clearTimers = () => {
    const t = timers.current;
    window.clearTimeout(t.visit);
    window.clearTimeout(t.invalid);
    window.clearTimeout(t.auto);
    timers.current = {};
  };

  const act = useCallback(
    (action: KeypadAction) => {
      const prev = current.current;
      const next = keypadReducer(pois, prev, action);
      if (next === prev) return;
      current.current = next;
      setState(next);
      clearTimers();
      if (next.state === 'success' && next.match) {
        const token = next.match;
        on.current.onMatch(token);
        timers.current.visit = window.setTimeout(() => on.current.onVisit(), KEYPAD_AUTO_VISIT_MS);
      } else if (next.state === 'invalid') {
        console.warn('KEYPAD REJECTED', next.input);
        timers.current.invalid = window.setTimeout(
          () => again.current({ type: 'invalidCleared' }),
          KEYPAD_INVALID_CLEAR_MS,
        );
      } else if (next.input !== '') {
        timers.current.auto = window.setTimeout(
          () => again.current({ type: 'submit' }),
          KEYPAD_AUTO_CLEAR_MS,
        );
      }
    },
    [pois],
  );

  useEffect(() => {
    again.current = act;
  }, [act]);
  useEffect(() => clearTimers, []);
  return { state, act, pois };
}
