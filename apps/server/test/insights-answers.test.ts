import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightsReport } from '@earshot/core';
import { signUp } from './auth-helpers.js';
import { TODAY, insightsWorld, report, type InsightsWorld } from './insights-helpers.js';
import { answer, participationIds, type AnswerBody } from './participation-helpers.js';
import type { HuntIds } from './participation-helpers.js';

const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * Challenge answers reach insights through the real POST user_answers/ (docs/insights.md):
 * a new answer is one event, on the local day of X-Local-Time, in the language of
 * X-Language; a replayed Idempotency-Key is none.
 */
describe('insights: challenge answers through POST user_answers/', () => {
  let env: InsightsWorld;
  let ids: HuntIds;
  const send = async (
    body: AnswerBody,
    headers: Record<string, string>,
    key?: string,
  ): Promise<number> => {
    const user = await signUp(env.app);
    const res = await answer(env, user, body, key, headers);
    return res.statusCode;
  };

  beforeAll(async () => {
    env = await insightsWorld();
    ids = await participationIds(env);
  });
  afterAll(async () => env.close());

  const byTitle = (r: InsightsReport, title: string) =>
    r.current.challenges.find((c) => c.title === title)!;

  it('counts new answers, correct or not, on their local day and in their language', async () => {
    const choice = (o: string) => ({
      challenge: ids.choice,
      value: String(ids.options[o]),
      resourcetype: 'UserMultipleChoiceChallengeAnswer',
    });
    // Answered offline on Monday evening in Spanish, sent today.
    expect(
      await send(choice('Bronze'), { 'x-local-time': '2026-11-23T21', 'x-language': 'es' }),
    ).toBe(201);
    expect(
      await send(choice('Steel'), { 'x-local-time': '2026-11-25T08', 'x-language': 'en' }),
    ).toBe(201);
    // No header: the server's clock (12:00 UTC today) and no language.
    expect(
      await send(
        { challenge: ids.text, value: 'stone', resourcetype: 'UserTextChallengeAnswer' },
        {},
      ),
    ).toBe(201);
    // A photo is not checked: an answer, neither correct nor wrong; a bad header is ignored.
    expect(
      await send(
        { challenge: ids.photo, value: PHOTO, resourcetype: 'UserPhotoChallengeAnswer' },
        { 'x-local-time': 'yesterday', 'x-language': 'Klingon!' },
      ),
    ).toBe(201);

    const r = await report(env, { from: '2026-11-19', to: TODAY });
    expect(r.current.totals).toMatchObject({ answers: 4, correct: 2, visits: 0 });
    expect(byTitle(r, 'What metal?')).toMatchObject({
      answers: 2,
      correct: 1,
      poi_token: 'mini-one',
    });
    expect(byTitle(r, 'Name it')).toMatchObject({ answers: 1, correct: 1, poi_token: 'mini-two' });
    expect(byTitle(r, 'Take a photo')).toMatchObject({ answers: 1, correct: 0 });
    expect(byTitle(r, 'How many?')).toMatchObject({ answers: 0, correct: 0, poi_token: null });

    const es = await report(env, { from: '2026-11-19', to: TODAY, language: 'es' });
    expect(es.current.totals).toMatchObject({ answers: 1, correct: 1 });
    const monday = await report(env, { from: '2026-11-23', to: '2026-11-23' });
    expect(monday.current.totals).toMatchObject({ answers: 1, correct: 1 });
  });

  it('does not count a replayed answer (same Idempotency-Key) or a refused one', async () => {
    const user = await signUp(env.app);
    const body = { challenge: ids.number, value: '3', resourcetype: 'UserNumberChallengeAnswer' };
    const key = 'insights-replay-0001';
    expect((await answer(env, user, body, key)).statusCode).toBe(201);
    expect((await answer(env, user, body, key)).statusCode).toBe(200);
    // A second answer by the same user is refused (409): no event either.
    expect((await answer(env, user, { ...body, value: '4' })).statusCode).toBe(409);
    const r = await report(env, { from: '2026-11-19', to: TODAY });
    expect(byTitle(r, 'How many?')).toMatchObject({ answers: 1, correct: 1 });
    expect(r.current.totals).toMatchObject({ answers: 5, correct: 3 });
  });
});
