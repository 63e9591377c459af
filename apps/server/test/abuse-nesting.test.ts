import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, JSON_TOO_DEEP_MESSAGE } from '@earshot/core';
import { importFixture, makeEnv, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';

// A JSON body nested a hundred thousand levels deep parsed, then overflowed the stack of what
// read it next (the identity service's bridge re-serialises the body, the draft save compares
// and stores it): a 500. Every JSON body is now refused past 64 levels with a 400 that says
// why, before anything reads it (docs/security.md).

let env: TestEnv;
let w: StudioWorld;
beforeAll(async () => {
  env = await makeEnv();
  await importFixture(env);
  w = await makeStudioWorld(env);
});
afterAll(() => env.close());

const nested = (n: number, leaf = '1') => `${'{"a":'.repeat(n)}${leaf}${'}'.repeat(n)}`;
const deepBody = (kind: string, n: number) =>
  kind === 'arrays' ? `${'['.repeat(n)}${']'.repeat(n)}` : nested(n);

describe('deeply nested JSON bodies', () => {
  const calls = () => [
    { method: 'POST' as const, url: '/api/auth/sign-in/email', headers: {} },
    { method: 'POST' as const, url: '/api/auth/sign-up/email', headers: {} },
    {
      method: 'PUT' as const,
      url: `/api/v1/studio/guides/${w.orgA.guide}/draft`,
      headers: w.publisherA.headers,
    },
    { method: 'POST' as const, url: '/api/v1/studio/guides', headers: w.publisherA.headers },
    { method: 'POST' as const, url: '/api/v1/user_answers/', headers: w.visitor.headers },
    // Insights take at most 64 KB: ten thousand levels fit. As a beacon's text/plain too.
    { method: 'POST' as const, url: '/api/v1/insights/events/', headers: {}, levels: 10_000 },
    {
      method: 'POST' as const,
      url: '/api/v1/insights/events/',
      headers: {},
      levels: 10_000,
      type: 'text/plain',
    },
  ];

  it.each(['arrays', 'objects'])('of %s answer 400 with the reason, never a 500', async (kind) => {
    for (const { levels = 100_000, type = 'application/json', ...c } of calls()) {
      const res = await env.app.inject({
        ...c,
        headers: { ...c.headers, 'content-type': type },
        payload: deepBody(kind, levels),
      });
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(400);
      expect(res.json(), c.url).toEqual({ message: JSON_TOO_DEEP_MESSAGE });
    }
  });

  it('leaves a body at the limit to the route (its own answer, not this one)', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: nested(JSON_MAX_DEPTH - 1),
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain(JSON_TOO_DEEP_MESSAGE);
  });
});
