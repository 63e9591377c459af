import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_MESSAGES, guideDetailSchema } from '@earshot/core';
import { ApiError, apiGet, apiSend, isIncompatible, NO_ANSWER } from '../src/shared/api/client';
import { queryClient } from '../src/shared/api/query-client';
import { parseWith } from '../src/shared/api/schema-parse';
import { useAuthStore } from '../src/shared/auth/store';
import { serve } from './auth-fetch';

// An answer the app cannot read (a server newer than the app) is its own error: the visitor is
// told a new version is available, and it is never retried as if no answer had come.

beforeEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState({ user: null, token: null });
});

const NEW_VERSION = 'A new version of Earshot is available. Reload to update.';

const plain = (status: number, text: string) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(() =>
      Promise.resolve(new Response(text, { status, headers: { 'content-type': 'text/html' } })),
    );

describe('an answer that does not parse', () => {
  it('against the shared schema is incompatible, with the new-version text', async () => {
    const fetch = serve({ '/api/v1/tour-by-token/t': { status: 200, body: { title: 7 } } });
    const e = await apiGet('tour-by-token/t', parseWith(guideDetailSchema)).catch(
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ kind: 'incompatible', status: NO_ANSWER, message: NEW_VERSION });
    expect(CLIENT_MESSAGES.newVersion).toBe(NEW_VERSION);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('that is not JSON where JSON is expected is incompatible, for reads and writes', async () => {
    plain(200, '<!doctype html><p>a newer page</p>');
    const read = await apiGet('tours', (d) => d).catch((x: unknown) => x);
    expect(isIncompatible(read)).toBe(true);
    expect((read as Error).message).toBe(NEW_VERSION);
    const written = await apiSend('POST', 'visit_poi/', {}, (d) => d).catch((x: unknown) => x);
    expect(written).toMatchObject({ kind: 'incompatible', message: NEW_VERSION });
  });

  it('keeps a check’s own text, and a refusal or no answer are not incompatible', async () => {
    serve({
      '/api/v1/tours': { status: 200, body: { not: 'a list' } },
      '/api/v1/user_answers/': { status: 409, body: { message: 'Already' } },
    });
    const own = await apiGet('tours', () => {
      throw new Error('a check of its own');
    }).catch((x: unknown) => x);
    expect(isIncompatible(own)).toBe(false);
    const refused = await apiSend('POST', 'user_answers/', {}, (d) => d).catch((x: unknown) => x);
    expect(refused).toMatchObject({ kind: 'status', status: 409 });
    const offline = await apiGet('elsewhere', (d) => d).catch((x: unknown) => x);
    expect(offline).toMatchObject({
      kind: 'offline',
      status: NO_ANSWER,
      message: CLIENT_MESSAGES.offline,
    });
  });
});

describe('the query cache', () => {
  const retry = queryClient.getDefaultOptions().queries!.retry as (
    failures: number,
    error: unknown,
  ) => boolean;

  it('asks again once after no answer, never after an answer it cannot read', async () => {
    plain(200, 'not json');
    const incompatible = await apiGet('tours', (d) => d).catch((x: unknown) => x);
    expect(retry(0, incompatible)).toBe(false);
    expect(retry(0, new ApiError(NO_ANSWER, CLIENT_MESSAGES.offline))).toBe(true);
    expect(retry(1, new ApiError(NO_ANSWER, CLIENT_MESSAGES.offline))).toBe(false);
    expect(retry(0, new ApiError(500, 'The server answered 500.'))).toBe(true);
  });

  it('a screen query of such an answer fails at the first try, with the text', async () => {
    const fetch = serve({ '/api/v1/tour-by-token/u': { status: 200, body: [] } });
    const client = queryClient;
    await expect(
      client.fetchQuery({
        queryKey: ['incompatible-test'],
        queryFn: () => apiGet('tour-by-token/u', parseWith(guideDetailSchema)),
        retryDelay: 0,
      }),
    ).rejects.toMatchObject({ kind: 'incompatible', message: NEW_VERSION });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
