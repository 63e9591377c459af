import type { Challenge, UserAnswer } from '../contract/api.js';
import type { CHALLENGE_TYPES, USER_ANSWER_TYPES } from '../constants.js';
import { ID_PATTERN, MAX_ID } from '../contract/params.js';

export type ChallengeType = (typeof CHALLENGE_TYPES)[number];
export type UserAnswerType = (typeof USER_ANSWER_TYPES)[number];

/**
 * SPEC §5: a hunt id or challenge id in a route is digits only (and within the ids the
 * database can hold). The id, or null. Checked without zod: the route modules stay light.
 */
export function routeId(text: string): number | null {
  if (!ID_PATTERN.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_ID ? n : null;
}

/** The participation texts of SPEC §2, §5 and §6, word for word. */
export const CHALLENGE_TEXTS = {
  defaultTitle: 'Challenge Title',
  signInToParticipate: 'You must be signed in to participate',
  notANumber: 'Answer must be a number',
  // SPEC §5: the text challenge's hint asks for a number although the answer is text.
  textHint: 'Enter a number',
  numberHint: 'Enter a number',
  /**
   * SPEC §6: what a visitor opening the hunt is told. The SPEC describes the message; this
   * is its sentence.
   */
  huntSignIn:
    'Register with an email address and a password of your choice to take part. We use this ' +
    'information only to track your progress in the hunt and to let you know if you have won.',
} as const;

/** 'You answered this question on <date>' (SPEC §2 challenge page), the date as shown. */
export const answeredOnText = (date: string): string => `You answered this question on ${date}`;
/** 'Answered <time>' (SPEC §2 hunt list items), the time as shown. */
export const answeredAtText = (time: string): string => `Answered ${time}`;

/**
 * What the app knows of one answer: the server's, or one made on this device that is still
 * waiting to be sent (SPEC §3: localId, pending, offlineCreatedAt).
 */
export type KnownAnswer = Pick<UserAnswer, 'challenge' | 'is_checked' | 'is_correct'> & {
  pending?: boolean;
};

/**
 * SPEC §4 challenge status icon: unanswered shows none; answered but unchecked a grey 'more
 * horiz'; checked and correct a green done mark; checked and wrong a red close mark. An
 * answer still on the device is 'pending' (it has no check yet, and may not reach the server).
 */
export type ChallengeStatus = 'none' | 'pending' | 'unchecked' | 'correct' | 'wrong';

export function challengeStatus(answer: KnownAnswer | null | undefined): ChallengeStatus {
  if (!answer) return 'none';
  if (answer.pending) return 'pending';
  if (!answer.is_checked) return 'unchecked';
  return answer.is_correct ? 'correct' : 'wrong';
}

/** The icon (Material name) and colour of each status (SPEC §4), and what it tells in words. */
export const CHALLENGE_STATUS_LOOK: Record<
  Exclude<ChallengeStatus, 'none'>,
  { icon: 'more_horiz' | 'done' | 'close' | 'cloud_upload'; color: string; label: string }
> = {
  pending: { icon: 'cloud_upload', color: 'grey', label: 'Waiting to be sent' },
  unchecked: { icon: 'more_horiz', color: 'grey', label: 'Answered, not checked yet' },
  correct: { icon: 'done', color: 'green', label: 'Correct' },
  wrong: { icon: 'close', color: 'red', label: 'Not correct' },
};

/** The answer to one challenge among the user's (the server's own wins over a pending one). */
export function answerFor<A extends KnownAnswer>(challengeId: number, answers: readonly A[]) {
  const mine = answers.filter((a) => a.challenge === challengeId);
  return mine.find((a) => !a.pending) ?? mine[0] ?? null;
}

/**
 * SPEC §4: a challenge is active for a POI while the user has no answer to it; for an
 * anonymous visitor it always is.
 */
export function challengeActive(
  challengeId: number,
  answers: readonly KnownAnswer[],
  signedIn: boolean,
): boolean {
  if (!signedIn) return true;
  return !answers.some((a) => a.challenge === challengeId);
}

/** The challenges the user has answered (pending answers included): stars and pins go grey. */
export const answeredChallenges = (answers: readonly KnownAnswer[]): ReadonlySet<number> =>
  new Set(answers.map((a) => a.challenge));

/** SPEC §2 hunt toolbar count: answered/total when signed in, the total for a visitor. */
export function huntProgress(
  challengeIds: readonly number[],
  answers: readonly KnownAnswer[],
  signedIn: boolean,
): { answered: number | null; total: number; label: string } {
  const total = challengeIds.length;
  if (!signedIn) return { answered: null, total, label: String(total) };
  const done = answeredChallenges(answers);
  const answered = challengeIds.filter((id) => done.has(id)).length;
  return { answered, total, label: `${answered}/${total}` };
}

/** The answer type a challenge type takes (the plain 'Challenge' takes none). */
export const ANSWER_TYPE_OF: Record<ChallengeType, UserAnswerType | null> = {
  Challenge: null,
  PhotoChallenge: 'UserPhotoChallengeAnswer',
  MultipleChoiceChallenge: 'UserMultipleChoiceChallengeAnswer',
  TextChallenge: 'UserTextChallengeAnswer',
  NumberChallenge: 'UserNumberChallengeAnswer',
};

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** SPEC §5/§9: multiple-choice options are labelled A to Z; any beyond Z by their number. */
export const choiceLabel = (index: number): string => LETTERS[index] ?? String(index + 1);

/**
 * A draft answer as the form holds it: the text typed (text, number), the option id picked
 * (multiple choice), or whether a photo is chosen.
 */
export type AnswerDraft =
  | { type: 'TextChallenge' | 'NumberChallenge'; value: string }
  | { type: 'MultipleChoiceChallenge'; option: number | null }
  | { type: 'PhotoChallenge'; hasPhoto: boolean };

/** Whether the Submit button is hidden, shown disabled, or shown and usable. */
export type SubmitState = 'hidden' | 'disabled' | 'enabled';

/**
 * SPEC §5 answer rules: the draft's error message (null when none is to be shown), whether it
 * can be sent, and the Submit button's state. Number: digits only ('Answer must be a number'),
 * Submit shown once a value is entered and disabled while it is invalid. Text: Submit only with
 * a non-empty value. Multiple choice: one option picked. Photo: one chosen. Nothing can be
 * sent while the form is not editable (saving, already answered, signed out).
 */
export function answerRules(
  draft: AnswerDraft,
  editable: boolean,
): { error: string | null; valid: boolean; submit: SubmitState } {
  let error: string | null = null;
  let valid: boolean;
  let shown: boolean;
  switch (draft.type) {
    case 'NumberChallenge': {
      const v = draft.value.trim();
      shown = v !== '';
      valid = /^\d+$/.test(v);
      if (shown && !valid) error = CHALLENGE_TEXTS.notANumber;
      break;
    }
    case 'TextChallenge':
      shown = valid = draft.value.trim() !== '';
      break;
    case 'MultipleChoiceChallenge':
      shown = true;
      valid = draft.option !== null;
      break;
    case 'PhotoChallenge':
      shown = valid = draft.hasPhoto;
      break;
  }
  if (!editable) return { error, valid, submit: shown ? 'disabled' : 'hidden' };
  return { error, valid, submit: !shown ? 'hidden' : valid ? 'enabled' : 'disabled' };
}

/** The value sent for a text or number answer: as typed, without surrounding spaces. */
export const answerValue = (typed: string): string => typed.trim();

/** Challenges in hunt order (their position, then id). */
export const byPosition = <C extends Pick<Challenge, 'position' | 'id'>>(list: readonly C[]) =>
  [...list].sort((a, b) => a.position - b.position || a.id - b.id);

/**
 * A challenge's `value` as visitors are given it (docs/security.md): a number challenge's is held
 * back, since publishers give it the number the answer is checked against (the demo's lanterns: 12)
 * and anyone could read the answer before giving it; the others' as it is.
 */
export function publicChallengeValue(type: ChallengeType, value: number | null): number | null {
  return type === 'NumberChallenge' ? null : value;
}
