import type { Poi } from '../contract/api.js';
import { KEYPAD_MAX_LENGTH } from '../constants.js';

/**
 * SPEC §4 keypad states. The SPEC names 'warning' and 'error' without saying when they
 * occur; here they are:
 * - warning: while typing, no keypad code of the guide starts with the digits so far (the
 *   visitor is told early that this number will not match, before submitting);
 * - error: a digit was refused because the input is already at the maximum length.
 * Both fall back to the typing state (default or warning) on backspace, and clear resets.
 */
export type KeypadStatus = 'default' | 'warning' | 'error' | 'success' | 'invalid';

export type KeypadState = {
  /** The digits typed so far (a string: leading zeros are kept as typed). */
  input: string;
  maxLength: number;
  state: KeypadStatus;
  /** Token of the POI the last submit matched (only in 'success'). */
  match: string | null;
};

export type KeypadAction =
  | { type: 'digit'; digit: string }
  | { type: 'backspace' }
  | { type: 'clear' }
  | { type: 'submit' }
  /** A pick in the directory (or a code's button): its code becomes the input, then submit. */
  | { type: 'select'; token: string }
  /** The invalid-clear timer ran out (SPEC §9, 800 ms): the refused number is cleared. */
  | { type: 'invalidCleared' };

/** What the keypad needs of a POI. */
export type KeypadPoi = Pick<Poi, 'token' | 'keypad_code'>;

/** The POIs a visitor can reach by number, in code order (the directory's order). */
export function keypadPois<P extends KeypadPoi>(pois: readonly P[]): P[] {
  return pois
    .filter((p) => p.keypad_code != null)
    .sort((a, b) => (a.keypad_code as number) - (b.keypad_code as number));
}

/** SPEC §5: the length of the longest keypad code of the guide, 4 when it has none. */
export function keypadMaxLength(pois: readonly KeypadPoi[]): number {
  const lengths = keypadPois(pois).map((p) => String(p.keypad_code).length);
  return lengths.length ? Math.max(...lengths) : KEYPAD_MAX_LENGTH;
}

export function initialKeypad(pois: readonly KeypadPoi[]): KeypadState {
  return { input: '', maxLength: keypadMaxLength(pois), state: 'default', match: null };
}

/** SPEC §5: a code is compared as a number, so "0103" finds 103. */
function findByNumber(pois: readonly KeypadPoi[], input: string): KeypadPoi | undefined {
  if (!/^\d+$/.test(input)) return undefined;
  const n = Number(input);
  return pois.find((p) => p.keypad_code != null && p.keypad_code === n);
}

/** Whether some code can still be reached by typing more digits after `input`. */
function reachable(pois: readonly KeypadPoi[], input: string): boolean {
  const digits = input.replace(/^0+/, '');
  return pois.some((p) => p.keypad_code != null && String(p.keypad_code).startsWith(digits));
}

/** The state while typing: default, or warning when no code starts with the digits so far. */
function typing(pois: readonly KeypadPoi[], input: string): KeypadStatus {
  return input === '' || reachable(pois, input) ? 'default' : 'warning';
}

function submit(pois: readonly KeypadPoi[], s: KeypadState): KeypadState {
  if (s.input === '') return { ...s, state: 'default', match: null };
  const poi = findByNumber(pois, s.input);
  return poi
    ? { ...s, state: 'success', match: poi.token }
    : { ...s, state: 'invalid', match: null };
}

/** SPEC §4 keypad transitions. Timers (auto-visit, invalid clear, auto-submit) are the caller's. */
export function keypadReducer(
  pois: readonly KeypadPoi[],
  s: KeypadState,
  action: KeypadAction,
): KeypadState {
  switch (action.type) {
    case 'digit': {
      if (!/^\d$/.test(action.digit)) return s;
      // After a result the next digit starts a new number rather than extending the old one.
      if (s.state === 'success' || s.state === 'invalid') {
        return { ...s, input: action.digit, state: typing(pois, action.digit), match: null };
      }
      if (s.input.length >= s.maxLength) return { ...s, state: 'error' };
      const input = s.input + action.digit;
      return { ...s, input, state: typing(pois, input), match: null };
    }
    case 'backspace': {
      const input = s.input.slice(0, -1);
      return { ...s, input, state: typing(pois, input), match: null };
    }
    case 'clear':
      return { ...s, input: '', state: 'default', match: null };
    case 'submit':
      return submit(pois, s);
    case 'select': {
      const poi = pois.find((p) => p.token === action.token && p.keypad_code != null);
      if (!poi) return s;
      return submit(pois, { ...s, input: String(poi.keypad_code) });
    }
    case 'invalidCleared':
      // A timer that outlived its invalid state (the visitor typed again) changes nothing.
      return s.state === 'invalid' ? { ...s, input: '', state: 'default', match: null } : s;
  }
}

/** The words a screen reader hears for a keypad state ('' while typing). */
export function keypadAnnouncement(s: KeypadState, titleOf: (token: string) => string): string {
  if (s.state === 'success' && s.match) return titleOf(s.match);
  if (s.state === 'invalid') return `No stop with number ${s.input}`;
  if (s.state === 'warning') return `No stop number starts with ${s.input}`;
  if (s.state === 'error') return `Stop numbers have at most ${s.maxLength} digits`;
  return '';
}
