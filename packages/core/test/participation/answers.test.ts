import { describe, expect, it } from 'vitest';
import {
  ANSWER_MESSAGES,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_DATA_URL_LENGTH,
  answerTypeCheck,
  checkAnswer,
  choiceAnswerCheck,
  createUserAnswerSchema,
  idempotencyKeySchema,
  normaliseAnswerText,
  numberAnswerCheck,
  parsePhotoDataUrl,
  textAnswerCheck,
  type ValueCheck,
} from '../../src/index.js';

const message = (c: ValueCheck) => (c.ok ? null : c.message);

describe('which answer type a challenge takes', () => {
  it.each([
    ['NumberChallenge', 'UserNumberChallengeAnswer', null],
    ['TextChallenge', 'UserTextChallengeAnswer', null],
    ['PhotoChallenge', 'UserPhotoChallengeAnswer', null],
    ['MultipleChoiceChallenge', 'UserMultipleChoiceChallengeAnswer', null],
    [
      'NumberChallenge',
      'UserTextChallengeAnswer',
      'This challenge takes a UserNumberChallengeAnswer',
    ],
    [
      'PhotoChallenge',
      'UserTextChallengeAnswer',
      'This challenge takes a UserPhotoChallengeAnswer',
    ],
    ['Challenge', 'UserTextChallengeAnswer', 'This challenge takes no answer'],
  ] as const)('%s with %s → %s', (challenge, answer, expected) => {
    expect(message(answerTypeCheck(challenge, answer))).toBe(expected);
  });
});

describe('values (SPEC §5)', () => {
  it.each([
    ['12', null],
    ['0', null],
    ['007', null],
    ['', 'Answer must be a number'],
    ['12a', 'Answer must be a number'],
    [' 12', 'Answer must be a number'],
    ['-3', 'Answer must be a number'],
    ['1.5', 'Answer must be a number'],
    ['١٢', 'Answer must be a number'],
    ['1'.repeat(16), ANSWER_MESSAGES.numberTooLong],
  ])('number %j → %s', (value, expected) => {
    expect(message(numberAnswerCheck(value))).toBe(expected);
  });

  it.each([
    ['stone', null],
    ['  two words ', null],
    ['line\nbreak', null],
    ['', 'Answer must not be empty'],
    ['   \n', 'Answer must not be empty'],
    ['a\u0000b', ANSWER_MESSAGES.control],
    ['x'.repeat(1001), 'Answer must be at most 1000 characters'],
    ['x'.repeat(1000), null],
  ])('text %j → %s', (value, expected) => {
    expect(message(textAnswerCheck(value))).toBe(expected);
  });

  it.each([
    ['5', [5, 6], null],
    ['6', [5, 6], null],
    ['7', [5, 6], ANSWER_MESSAGES.option],
    ['Bronze', [5, 6], ANSWER_MESSAGES.option],
    ['', [5, 6], ANSWER_MESSAGES.option],
    ['99999999999', [5, 6], ANSWER_MESSAGES.option],
  ])('option %j of %o → %s', (value, ids, expected) => {
    expect(message(choiceAnswerCheck(value, ids))).toBe(expected);
  });
});

describe('photo data URLs', () => {
  it('reads the type and the size of the file without decoding it', () => {
    expect(parsePhotoDataUrl('data:image/png;base64,iVBORw0KGgo=')).toEqual({
      mime: 'image/png',
      base64: 'iVBORw0KGgo=',
      bytes: 8,
    });
    expect(parsePhotoDataUrl('data:image/JPEG;base64,/9j/4AAQ')).toMatchObject({
      mime: 'image/jpeg',
      bytes: 6,
    });
  });

  it.each([
    ['https://example.com/a.jpg'],
    ['data:text/plain;base64,aGVsbG8='],
    ['data:image/png,rawtext'],
    ['data:image/png;base64,'],
    ['data:image/png;base64,abc'],
    ['data:image/png;base64,ab$='],
    ['iVBORw0KGgo='],
  ])('refuses %j', (value) => {
    expect(parsePhotoDataUrl(value)).toEqual({ message: ANSWER_MESSAGES.photoFormat });
  });

  it('refuses a file above the limit, and the body schema allows just enough for one', () => {
    const atLimit = 'A'.repeat((Math.ceil(PHOTO_MAX_BYTES / 3) + 1) * 4);
    expect(parsePhotoDataUrl(`data:image/png;base64,${atLimit}`)).toEqual({
      message: 'The photo is too large: at most 10 MB',
    });
    const fits = 'A'.repeat(Math.floor(PHOTO_MAX_BYTES / 3) * 4);
    const url = `data:image/jpeg;base64,${fits}`;
    expect(parsePhotoDataUrl(url)).toMatchObject({ bytes: Math.floor(PHOTO_MAX_BYTES / 3) * 3 });
    expect(url.length).toBeLessThanOrEqual(PHOTO_MAX_DATA_URL_LENGTH);
    const body = { challenge: 1, value: url, resourcetype: 'UserPhotoChallengeAnswer' };
    expect(createUserAnswerSchema.safeParse(body).success).toBe(true);
  });
});

describe('checking an answer against the correct answers', () => {
  const right = (value: string) => ({ value, is_correct: true });
  const wrong = (value: string) => ({ value, is_correct: false });
  const checked = (is_correct: boolean) => ({ is_checked: true, is_correct });
  const unchecked = { is_checked: false, is_correct: null };
  const bronze = { id: 7, token: 'bronze', value: 'Bronze' };
  const steel = { id: 8, token: 'steel', value: 'Steel' };

  it.each([
    ['UserNumberChallengeAnswer', { value: '12' }, [right('12')], checked(true)],
    ['UserNumberChallengeAnswer', { value: '012' }, [right('12')], checked(true)],
    ['UserNumberChallengeAnswer', { value: '13' }, [right('12')], checked(false)],
    ['UserNumberChallengeAnswer', { value: '13' }, [], unchecked],
    ['UserTextChallengeAnswer', { value: 'stone' }, [right('stone')], checked(true)],
    ['UserTextChallengeAnswer', { value: '  Stone ' }, [right('stone')], checked(true)],
    ['UserTextChallengeAnswer', { value: 'grey  stone' }, [right('Grey Stone')], checked(true)],
    ['UserTextChallengeAnswer', { value: 'ＳＴＯＮＥ' }, [right('stone')], checked(true)],
    ['UserTextChallengeAnswer', { value: 'rock' }, [right('stone')], checked(false)],
    ['UserTextChallengeAnswer', { value: 'rock' }, [right('stone'), right('rock')], checked(true)],
    ['UserTextChallengeAnswer', { value: 'rock' }, [wrong('rock')], checked(false)],
    ['UserTextChallengeAnswer', { value: 'pebble' }, [wrong('rock')], unchecked],
    [
      'UserMultipleChoiceChallengeAnswer',
      { value: '7', option: bronze },
      [right('Bronze')],
      checked(true),
    ],
    [
      'UserMultipleChoiceChallengeAnswer',
      { value: '8', option: steel },
      [right('Bronze')],
      checked(false),
    ],
    [
      'UserMultipleChoiceChallengeAnswer',
      { value: '8', option: steel },
      [right('steel')],
      checked(true),
    ],
    [
      'UserMultipleChoiceChallengeAnswer',
      { value: '7', option: bronze },
      [right('7')],
      checked(true),
    ],
    ['UserMultipleChoiceChallengeAnswer', { value: '7' }, [right('Bronze')], unchecked],
    ['UserPhotoChallengeAnswer', { value: 'data:image/png;base64,AAAA' }, [right('x')], unchecked],
  ] as const)('%s %o against %o', (type, answer, correct, expected) => {
    expect(checkAnswer(type, answer, correct)).toEqual(expected);
  });

  it('compares text as people mean it', () => {
    expect(normaliseAnswerText('  Grey\t\nStone ')).toBe('grey stone');
  });
});

describe('Idempotency-Key', () => {
  it.each([
    ['3f1c2a9e-8d7b-4c1a-9f00-1234567890ab', true],
    ['local_123456', true],
    ['short', false],
    ['has space in it', false],
    ['x'.repeat(81), false],
  ])('%j → %s', (key, ok) => {
    expect(idempotencyKeySchema.safeParse(key).success).toBe(ok);
  });
});
