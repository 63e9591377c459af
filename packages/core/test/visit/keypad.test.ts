import { describe, expect, it } from 'vitest';
import {
  initialKeypad,
  keypadAnnouncement,
  keypadMaxLength,
  keypadPois,
  keypadReducer,
  type KeypadAction,
  type KeypadState,
} from '../../src/index.js';

const pois = [
  { token: 'c', keypad_code: 103 },
  { token: 'none', keypad_code: null },
  { token: 'a', keypad_code: 101 },
  { token: 'b', keypad_code: 7 },
];

const at = (input: string, state: KeypadState['state'] = 'default', match: string | null = null) =>
  ({ input, maxLength: 3, state, match }) satisfies KeypadState;
const digit = (d: string): KeypadAction => ({ type: 'digit', digit: d });

describe('keypadMaxLength (SPEC §5)', () => {
  it.each([
    ['the longest code', pois, 3],
    ['4 without codes', [{ token: 'x', keypad_code: null }], 4],
    ['4 for no POIs', [], 4],
    ['5 for a five-digit code', [{ token: 'x', keypad_code: 12345 }], 5],
  ])('%s', (_, list, n) => expect(keypadMaxLength(list)).toBe(n));
});

describe('keypadPois', () => {
  it('keeps POIs with a code, in code order', () => {
    expect(keypadPois(pois).map((p) => p.token)).toEqual(['b', 'a', 'c']);
  });
});

describe('initialKeypad', () => {
  it('starts empty and default with the max length', () => {
    expect(initialKeypad(pois)).toEqual(at(''));
  });
});

describe('keypadReducer transitions', () => {
  it.each<[string, KeypadState, KeypadAction, KeypadState]>([
    // digit
    ['digit appends', at('1'), digit('0'), at('10')],
    ['digit on empty', at(''), digit('1'), at('1')],
    ['digit that no code starts with → warning', at('1'), digit('9'), at('19', 'warning')],
    ['digit after a warning stays warning', at('19', 'warning'), digit('1'), at('191', 'warning')],
    ['leading zeros still reach a code', at('0'), digit('1'), at('01')],
    ['digit refused at max length → error', at('103'), digit('4'), at('103', 'error')],
    ['digit refused again stays error', at('103', 'error'), digit('5'), at('103', 'error')],
    ['a non-digit is ignored', at('1'), digit('x'), at('1')],
    ['digit after success starts anew', at('103', 'success', 'c'), digit('1'), at('1')],
    ['digit after invalid starts anew', at('999', 'invalid'), digit('9'), at('9', 'warning')],
    // backspace re-evaluates
    ['backspace from warning → default', at('19', 'warning'), { type: 'backspace' }, at('1')],
    ['backspace from error → default', at('103', 'error'), { type: 'backspace' }, at('10')],
    ['backspace keeps a warning', at('199', 'warning'), { type: 'backspace' }, at('19', 'warning')],
    [
      'backspace on success drops the match',
      at('103', 'success', 'c'),
      { type: 'backspace' },
      at('10'),
    ],
    ['backspace to empty → default', at('9', 'warning'), { type: 'backspace' }, at('')],
    ['backspace on empty', at(''), { type: 'backspace' }, at('')],
    // clear
    ['clear', at('19', 'warning'), { type: 'clear' }, at('')],
    ['clear after success', at('103', 'success', 'c'), { type: 'clear' }, at('')],
    // submit
    ['submit a code → success + match', at('103'), { type: 'submit' }, at('103', 'success', 'c')],
    ['submit compares as a number', at('007'), { type: 'submit' }, at('007', 'success', 'b')],
    ['submit a short code', at('7'), { type: 'submit' }, at('7', 'success', 'b')],
    ['submit no match → invalid', at('999', 'warning'), { type: 'submit' }, at('999', 'invalid')],
    ['submit a prefix only → invalid', at('10'), { type: 'submit' }, at('10', 'invalid')],
    ['submit empty → default', at('', 'error'), { type: 'submit' }, at('')],
    [
      'submit from error still matches',
      at('101', 'error'),
      { type: 'submit' },
      at('101', 'success', 'a'),
    ],
    // select (directory)
    [
      'select sets the code and submits',
      at('9', 'warning'),
      { type: 'select', token: 'a' },
      at('101', 'success', 'a'),
    ],
    ['select a POI without code is ignored', at('1'), { type: 'select', token: 'none' }, at('1')],
    ['select an unknown POI is ignored', at('1'), { type: 'select', token: 'zz' }, at('1')],
    // invalid clear timer
    [
      'invalidCleared clears an invalid input',
      at('999', 'invalid'),
      { type: 'invalidCleared' },
      at(''),
    ],
    ['invalidCleared is stale once typing resumed', at('1'), { type: 'invalidCleared' }, at('1')],
    [
      'invalidCleared leaves a success',
      at('7', 'success', 'b'),
      { type: 'invalidCleared' },
      at('7', 'success', 'b'),
    ],
  ])('%s', (_, from, action, to) => expect(keypadReducer(pois, from, action)).toEqual(to));

  it('a guide without codes accepts 4 digits and matches nothing', () => {
    const none = [{ token: 'x', keypad_code: null }];
    let s = initialKeypad(none);
    for (const d of '12345') s = keypadReducer(none, s, digit(d));
    expect(s).toEqual({ input: '1234', maxLength: 4, state: 'error', match: null });
    expect(keypadReducer(none, s, { type: 'submit' }).state).toBe('invalid');
  });
});

describe('keypadAnnouncement', () => {
  const title = (t: string) => `Title ${t}`;
  it.each<[KeypadState, string]>([
    [at('103', 'success', 'c'), 'Title c'],
    [at('999', 'invalid'), 'No stop with number 999'],
    [at('19', 'warning'), 'No stop number starts with 19'],
    [at('103', 'error'), 'Stop numbers have at most 3 digits'],
    [at('10'), ''],
  ])('%j → %s', (s, text) => expect(keypadAnnouncement(s, title)).toBe(text));
});
