import {
  ANSWER_TYPE_OF,
  CHALLENGE_TEXTS,
  type ChallengeType,
  type UserAnswerType,
} from './challenges.js';

/**
 * Answer rules (SPEC §5 number, text, photo and multiple-choice answers; §4 "An answer cannot be
 * edited once given"; docs/decisions/0009-participation.md): what each challenge type takes,
 * which values are valid, and how an answer is checked against the correct answers.
 */

/** A photo answer's image file may be at most this large (decoded from its data URL). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** ... and at most this many pixels, so that a small file cannot unpack into a huge image. */
export const PHOTO_MAX_PIXELS = 50_000_000;
export const TEXT_ANSWER_MAX_LENGTH = 1000;
export const NUMBER_ANSWER_MAX_DIGITS = 15;

export const ANSWER_MESSAGES = {
  alreadyAnswered: 'You have already answered this challenge',
  noAnswer: 'This challenge takes no answer',
  wrongType: (expected: UserAnswerType) => `This challenge takes a ${expected}`,
  number: CHALLENGE_TEXTS.notANumber,
  numberTooLong: `Answer must be a number of at most ${NUMBER_ANSWER_MAX_DIGITS} digits`,
  empty: 'Answer must not be empty',
  textTooLong: `Answer must be at most ${TEXT_ANSWER_MAX_LENGTH} characters`,
  control: 'Answer must not hold control characters',
  option: 'Answer must be one of the options of this challenge',
  photoFormat: 'The photo must be an image given as a base64 data URL (data:image/…;base64,…)',
  photoTooLarge: `The photo is too large: at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB`,
  photoPixels: `The photo is too large: at most ${PHOTO_MAX_PIXELS / 1_000_000} megapixels`,
  photoNotImage: 'The photo is not an image (JPEG, PNG, WebP, GIF, AVIF or HEIC)',
  unchangeable: 'An answer cannot be changed once given',
} as const;

export type ValueCheck = { ok: true } | { ok: false; message: string };
const fail = (message: string): ValueCheck => ({ ok: false, message });
const OK: ValueCheck = { ok: true };

/** Control characters other than tab and line breaks (PostgreSQL text cannot even hold NUL). */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

/** Which answer type `challengeType` takes, or the message that refuses `answerType`. */
export function answerTypeCheck(
  challengeType: ChallengeType,
  answerType: UserAnswerType,
): ValueCheck {
  const expected = ANSWER_TYPE_OF[challengeType];
  if (expected === null) return fail(ANSWER_MESSAGES.noAnswer);
  return expected === answerType ? OK : fail(ANSWER_MESSAGES.wrongType(expected));
}

/** SPEC §5: a number answer is digits only. */
export function numberAnswerCheck(value: string): ValueCheck {
  if (!/^\d+$/.test(value)) return fail(ANSWER_MESSAGES.number);
  return value.length > NUMBER_ANSWER_MAX_DIGITS ? fail(ANSWER_MESSAGES.numberTooLong) : OK;
}

/** SPEC §5: a text answer is not empty (blank counts as empty). */
export function textAnswerCheck(value: string): ValueCheck {
  if (value.trim() === '') return fail(ANSWER_MESSAGES.empty);
  if (CONTROL.test(value)) return fail(ANSWER_MESSAGES.control);
  return value.length > TEXT_ANSWER_MAX_LENGTH ? fail(ANSWER_MESSAGES.textTooLong) : OK;
}

/** SPEC §7: a multiple-choice value is the id of one option of the challenge. */
export function choiceAnswerCheck(value: string, optionIds: readonly number[]): ValueCheck {
  if (!/^\d{1,10}$/.test(value)) return fail(ANSWER_MESSAGES.option);
  return optionIds.includes(Number(value)) ? OK : fail(ANSWER_MESSAGES.option);
}

export type PhotoDataUrl = { mime: string; base64: string; bytes: number };

/**
 * SPEC §7: a photo value is a base64 data URL of an image. Parses it and measures the file it
 * holds without decoding it; whether the bytes are really an image is for the server to find.
 */
export function parsePhotoDataUrl(value: string): PhotoDataUrl | { message: string } {
  const m = /^data:(image\/[a-z0-9.+-]{1,40});base64,/i.exec(value);
  if (!m) return { message: ANSWER_MESSAGES.photoFormat };
  const base64 = value.slice(m[0].length);
  if (base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64 === '')
    return { message: ANSWER_MESSAGES.photoFormat };
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = (base64.length / 4) * 3 - padding;
  if (bytes > PHOTO_MAX_BYTES) return { message: ANSWER_MESSAGES.photoTooLarge };
  return { mime: m[1]!.toLowerCase(), base64, bytes };
}

/** Longest base64 data URL a photo answer can be: the request body limit follows from it. */
export const PHOTO_MAX_DATA_URL_LENGTH = Math.ceil(PHOTO_MAX_BYTES / 3) * 4 + 64;

export type CorrectAnswerValue = { value: string; is_correct: boolean };
export type AnswerCheck = { is_checked: boolean; is_correct: boolean | null };
export type ChosenOption = { id: number; token: string; value: string };

/** Text compared as people mean it: case, surrounding and repeated spaces and width do not count. */
export function normaliseAnswerText(s: string): string {
  return s.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('en');
}

const sameNumber = (a: string, b: string) => {
  const x = Number(a.trim());
  const y = Number(b.trim());
  return a.trim() !== '' && b.trim() !== '' && Number.isFinite(x) && x === y;
};

/**
 * Checks an answer at once against the challenge's correct answers: a match with a correct
 * one is right, a match with one marked wrong is wrong, no match is wrong when a correct one
 * exists. Photos, and answers the list cannot decide, stay unchecked for a reviewer.
 * A multiple-choice answer matches by its option's text, key or id.
 */
export function checkAnswer(
  type: UserAnswerType,
  answer: { value: string; option?: ChosenOption },
  correct: readonly CorrectAnswerValue[],
): AnswerCheck {
  const unchecked: AnswerCheck = { is_checked: false, is_correct: null };
  let matches: (expected: string) => boolean;
  switch (type) {
    case 'UserPhotoChallengeAnswer':
      return unchecked;
    case 'UserNumberChallengeAnswer':
      matches = (e) => sameNumber(answer.value, e);
      break;
    case 'UserTextChallengeAnswer':
      matches = (e) => normaliseAnswerText(e) === normaliseAnswerText(answer.value);
      break;
    case 'UserMultipleChoiceChallengeAnswer': {
      const o = answer.option;
      if (!o) return unchecked;
      matches = (e) =>
        normaliseAnswerText(e) === normaliseAnswerText(o.value) ||
        e.trim() === o.token ||
        e.trim() === String(o.id);
      break;
    }
  }
  const hit = correct.find((c) => matches(c.value));
  if (hit) return { is_checked: true, is_correct: hit.is_correct };
  if (correct.some((c) => c.is_correct)) return { is_checked: true, is_correct: false };
  return unchecked;
}

/** SPEC §8 offline sync: the client's idempotency key (a UUID or similar token). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,80}$/;
