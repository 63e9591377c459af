import { describe, expect, it } from 'vitest';
import {
  ANSWER_TYPE_OF,
  answerFor,
  answerRules,
  answeredAtText,
  answeredChallenges,
  answeredOnText,
  byPosition,
  CHALLENGE_STATUS_LOOK,
  CHALLENGE_TEXTS,
  challengeActive,
  challengeStatus,
  choiceLabel,
  huntProgress,
  routeId,
  type AnswerDraft,
  type KnownAnswer,
  publicChallengeValue,
} from '../../src/index.js';

const answer = (challenge: number, over: Partial<KnownAnswer> = {}): KnownAnswer => ({
  challenge,
  is_checked: false,
  is_correct: null,
  ...over,
});

describe('challengeStatus (SPEC §4 status icon)', () => {
  it.each([
    ['unanswered → none', null, 'none'],
    ['answered, unchecked → more horiz', answer(1), 'unchecked'],
    ['checked and correct → done', answer(1, { is_checked: true, is_correct: true }), 'correct'],
    ['checked and wrong → close', answer(1, { is_checked: true, is_correct: false }), 'wrong'],
    ['checked without a verdict counts as wrong', answer(1, { is_checked: true }), 'wrong'],
    ['on the device, not sent yet → pending', answer(1, { pending: true }), 'pending'],
  ] as const)('%s', (_name, a, status) => expect(challengeStatus(a)).toBe(status));

  it.each([
    ['unchecked', 'more_horiz', 'grey'],
    ['correct', 'done', 'green'],
    ['wrong', 'close', 'red'],
  ] as const)('%s shows %s in %s', (status, icon, color) =>
    expect(CHALLENGE_STATUS_LOOK[status]).toMatchObject({ icon, color }),
  );
});

describe('challengeActive (SPEC §4)', () => {
  it.each([
    ['anonymous: always active', 1, [answer(1)], false, true],
    ['signed in, no answer: active', 1, [answer(2)], true, true],
    ['signed in, answered: not active', 1, [answer(1)], true, false],
    [
      'signed in, answered on this device only: not active',
      1,
      [answer(1, { pending: true })],
      true,
      false,
    ],
    ['signed in, no answers at all', 3, [], true, true],
  ] as const)('%s', (_name, id, answers, signedIn, active) =>
    expect(challengeActive(id, answers, signedIn)).toBe(active),
  );
});

describe('answerFor', () => {
  it.each([
    ['none', [answer(2)], null],
    ['the only one', [answer(1, { pending: true })], answer(1, { pending: true })],
    [
      "the server's wins over a pending one",
      [answer(1, { pending: true }), answer(1, { is_checked: true, is_correct: true })],
      answer(1, { is_checked: true, is_correct: true }),
    ],
  ] as const)('%s', (_name, list, found) => expect(answerFor(1, list)).toEqual(found));
});

describe('huntProgress (SPEC §2 toolbar count, §6)', () => {
  const ids = [1, 2, 3, 4];
  it.each([
    ['visitor sees the total', [answer(1)], false, { answered: null, total: 4, label: '4' }],
    ['signed in, none answered', [], true, { answered: 0, total: 4, label: '0/4' }],
    [
      'signed in, two answered (one pending)',
      [answer(1), answer(3, { pending: true })],
      true,
      { answered: 2, total: 4, label: '2/4' },
    ],
    [
      "answers to other hunts' challenges do not count",
      [answer(9), answer(2)],
      true,
      { answered: 1, total: 4, label: '1/4' },
    ],
    [
      'a challenge answered twice (server + pending) counts once',
      [answer(2), answer(2, { pending: true })],
      true,
      { answered: 1, total: 4, label: '1/4' },
    ],
  ] as const)('%s', (_name, answers, signedIn, progress) =>
    expect(huntProgress(ids, answers, signedIn)).toEqual(progress),
  );

  it('answeredChallenges is the set of answered ids', () =>
    expect([...answeredChallenges([answer(3), answer(1), answer(3)])].sort()).toEqual([1, 3]));
});

describe('choiceLabel (SPEC §5, §9: A to Z)', () => {
  it.each([
    [0, 'A'],
    [1, 'B'],
    [25, 'Z'],
    [26, '27'],
  ])('option %i → %s', (i, label) => expect(choiceLabel(i)).toBe(label));
});

describe('answerRules (SPEC §5)', () => {
  const num = (value: string): AnswerDraft => ({ type: 'NumberChallenge', value });
  const text = (value: string): AnswerDraft => ({ type: 'TextChallenge', value });
  const choice = (option: number | null): AnswerDraft => ({
    type: 'MultipleChoiceChallenge',
    option,
  });
  const photo = (hasPhoto: boolean): AnswerDraft => ({ type: 'PhotoChallenge', hasPhoto });
  const NaN_ = CHALLENGE_TEXTS.notANumber;

  it.each<[string, AnswerDraft, boolean, ReturnType<typeof answerRules>]>([
    ['number: empty hides Submit', num(''), true, { error: null, valid: false, submit: 'hidden' }],
    [
      'number: spaces only hide it',
      num('  '),
      true,
      { error: null, valid: false, submit: 'hidden' },
    ],
    ['number: digits', num('12'), true, { error: null, valid: true, submit: 'enabled' }],
    [
      'number: spaces around digits',
      num(' 12 '),
      true,
      { error: null, valid: true, submit: 'enabled' },
    ],
    ['number: a letter', num('12a'), true, { error: NaN_, valid: false, submit: 'disabled' }],
    ['number: a minus sign', num('-3'), true, { error: NaN_, valid: false, submit: 'disabled' }],
    [
      'number: a decimal point',
      num('1.5'),
      true,
      { error: NaN_, valid: false, submit: 'disabled' },
    ],
    ['number: inner space', num('1 2'), true, { error: NaN_, valid: false, submit: 'disabled' }],
    ['text: empty hides Submit', text(''), true, { error: null, valid: false, submit: 'hidden' }],
    [
      'text: blank hides Submit',
      text(' \n'),
      true,
      { error: null, valid: false, submit: 'hidden' },
    ],
    ['text: a word', text('concrete'), true, { error: null, valid: true, submit: 'enabled' }],
    [
      'text: not editable',
      text('concrete'),
      false,
      { error: null, valid: true, submit: 'disabled' },
    ],
    ['choice: none picked', choice(null), true, { error: null, valid: false, submit: 'disabled' }],
    ['choice: one picked', choice(7), true, { error: null, valid: true, submit: 'enabled' }],
    [
      'choice: option id 0 counts',
      choice(0),
      true,
      { error: null, valid: true, submit: 'enabled' },
    ],
    ['choice: saving', choice(7), false, { error: null, valid: true, submit: 'disabled' }],
    ['photo: none chosen', photo(false), true, { error: null, valid: false, submit: 'hidden' }],
    ['photo: one chosen', photo(true), true, { error: null, valid: true, submit: 'enabled' }],
    ['number: answered', num('12'), false, { error: null, valid: true, submit: 'disabled' }],
    ['number: empty, answered', num(''), false, { error: null, valid: false, submit: 'hidden' }],
  ])('%s', (_name, draft, editable, rules) => expect(answerRules(draft, editable)).toEqual(rules));
});

describe('texts', () => {
  it.each([
    [answeredOnText('May 4, 2026'), 'You answered this question on May 4, 2026'],
    [answeredAtText('10:42'), 'Answered 10:42'],
    [CHALLENGE_TEXTS.defaultTitle, 'Challenge Title'],
    [CHALLENGE_TEXTS.signInToParticipate, 'You must be signed in to participate'],
    [CHALLENGE_TEXTS.textHint, 'Enter a number'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));

  it('the hunt prompt says what SPEC §6 says it says', () => {
    const t = CHALLENGE_TEXTS.huntSignIn;
    for (const part of ['Register', 'email', 'password of your choice', 'only to track', 'won'])
      expect(t).toContain(part);
  });
});

describe('ANSWER_TYPE_OF', () => {
  it.each([
    ['PhotoChallenge', 'UserPhotoChallengeAnswer'],
    ['MultipleChoiceChallenge', 'UserMultipleChoiceChallengeAnswer'],
    ['TextChallenge', 'UserTextChallengeAnswer'],
    ['NumberChallenge', 'UserNumberChallengeAnswer'],
    ['Challenge', null],
  ] as const)('%s → %s', (type, answerType) => expect(ANSWER_TYPE_OF[type]).toBe(answerType));
});

describe('byPosition', () => {
  it('orders by position, then id', () =>
    expect(
      byPosition([
        { id: 3, position: 2 },
        { id: 2, position: 1 },
        { id: 1, position: 2 },
      ]).map((c) => c.id),
    ).toEqual([2, 1, 3]));
});

describe('routeId (SPEC §5: hunt and challenge ids are digits only)', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
    ['2147483648', null],
    ['0', null],
    ['', null],
    ['12x', null],
    ['-1', null],
    [' 1', null],
    ['1.0', null],
  ])('%j → %s', (text, id) => expect(routeId(text)).toBe(id));
});

describe('publicChallengeValue', () => {
  it.each([
    ['NumberChallenge', 12, null],
    ['NumberChallenge', null, null],
    ['MultipleChoiceChallenge', 2, 2],
    ['TextChallenge', 5, 5],
    ['PhotoChallenge', null, null],
    ['Challenge', 3, 3],
  ] as const)('%s with %s → %s', (type, value, shown) =>
    expect(publicChallengeValue(type, value)).toBe(shown),
  );
});
