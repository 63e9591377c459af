import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserAnswer } from '@earshot/core';
import { reviewRequest } from '../src/modules/participation/review-command.js';
import type { SignedUp } from './auth-helpers.js';
import {
  answer,
  call,
  participationEnv,
  signUpUser,
  type ParticipationEnv,
} from './participation-helpers.js';

// The reviewer's command, run as a person runs it: the real CLI on the same database.
const SERVER = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const TSX = createRequire(import.meta.url).resolve('tsx/cli');
const run = promisify(execFile);

let env: ParticipationEnv;
let ann: SignedUp;
let photo: UserAnswer;
beforeAll(async () => {
  env = await participationEnv();
  ann = await signUpUser(env);
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123' } })
    .png()
    .toBuffer();
  const value = `data:image/png;base64,${png.toString('base64')}`;
  const res = await answer(env, ann, {
    challenge: env.ids.photo,
    value,
    resourcetype: 'UserPhotoChallengeAnswer',
  });
  photo = res.json<UserAnswer>();
});
afterAll(() => env.close());

async function cli(...args: string[]) {
  const environment = { ...process.env, DATA_DIR: env.dir, DEMO_CONTENT: '0' };
  try {
    const { stdout, stderr } = await run(process.execPath, [TSX, 'src/cli.ts', ...args], {
      cwd: SERVER,
      env: environment,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

const own = async () =>
  (await call(env, ann, { url: `/api/v1/user_answers/${photo.id}/` })).json<UserAnswer>();

describe('npm run cli -- review-answer', () => {
  it('lists the photo answer as waiting for review', async () => {
    const out = await cli('answers-to-review');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(
      `${photo.id}\tchallenge ${env.ids.photo}\tUserPhotoChallengeAnswer`,
    );
    expect(out.stdout).toContain(photo.value);
  }, 60_000);

  it('marks it correct, then wrong, and the user sees the verdict', async () => {
    const right = await cli('review-answer', String(photo.id), 'correct');
    expect(right.code).toBe(0);
    expect(right.stdout.trim()).toBe(
      `Answer ${photo.id} (UserPhotoChallengeAnswer to challenge ${env.ids.photo}) marked correct`,
    );
    const checked = await own();
    expect(checked).toMatchObject({ is_checked: true, is_correct: true });
    expect(checked.checked_at).not.toBeNull();

    expect((await cli('review-answer', String(photo.id), 'wrong')).code).toBe(0);
    expect(await own()).toMatchObject({ is_checked: true, is_correct: false });
  }, 60_000);

  it('refuses a bad verdict or id, and names an unknown answer', async () => {
    const bad = await cli('review-answer', String(photo.id), 'maybe');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('review-answer <answer id> correct|wrong');
    const missing = await cli('review-answer', '999999', 'correct');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No answer with id 999999');
    expect(await own()).toMatchObject({ is_correct: false });
  }, 60_000);
});

describe('the review command line', () => {
  it.each([
    [['answers-to-review'], { command: 'answers-to-review' }],
    [['answers-to-review', 'x'], null],
    [['review-answer', '5', 'correct'], { command: 'review-answer', id: 5, verdict: 'correct' }],
    [['review-answer', '5', 'wrong'], { command: 'review-answer', id: 5, verdict: 'wrong' }],
    [['review-answer', '5', 'maybe'], null],
    [['review-answer', 'abc', 'correct'], null],
    [['review-answer', '0', 'correct'], null],
    [['review-answer', '2147483648', 'wrong'], null],
    [['review-answer', '5'], null],
    [['review-answer', '5', 'correct', 'extra'], null],
  ])('%j → %j', ([command, ...args], expected) => {
    expect(reviewRequest(command!, args)).toEqual(expected);
  });
});
