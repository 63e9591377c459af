import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiSend, NO_ANSWER } from '../src/shared/api/client';
import { authHeader, useAuthStore } from '../src/shared/auth/store';
import { ADA, sentHeaders, serve } from './auth-fetch';

const echo = (data: unknown) => data;

beforeEach(() => {
  vi.restoreAllMocks();
  useAuthStore.setState({ user: null, token: null });
});

describe('Authorization (SPEC §6: only when signed in)', () => {
  it('is absent for visitors, a token alone or a user alone', () => {
    expect(authHeader()).toEqual({});
    useAuthStore.setState({ user: null, token: 'tok' });
    expect(authHeader()).toEqual({});
    useAuthStore.setState({ user: ADA, token: null });
    expect(authHeader()).toEqual({});
  });

  it("goes with the signed-in user's own reads, never with content reads", async () => {
    const fetch = serve({
      '/api/v1/awards': { status: 200, body: [] },
      '/api/v1/tours': { status: 200, body: [] },
    });
    await apiGet('tours', echo);
    expect(sentHeaders(fetch, '/api/v1/tours').authorization).toBeUndefined();
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    await apiGet('awards', echo, undefined, { personal: true });
    expect(sentHeaders(fetch, '/api/v1/awards').authorization).toBe('Bearer tok.sig');
    // Content stays anonymous: the server's shared cache and the device's offline copy serve it.
    fetch.mockClear();
    await apiGet('tours', echo);
    expect(sentHeaders(fetch, '/api/v1/tours').authorization).toBeUndefined();
  });
});

describe('apiSend', () => {
  it('sends JSON with extra headers and parses the answer; a 204 parses as null', async () => {
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    const fetch = serve({
      '/api/v1/user_answers/': { status: 201, body: { id: 7, value: '42' } },
      '/api/v1/guides_by_token/t/subscribe/': { status: 204 },
    });
    const answer = await apiSend('POST', 'user_answers/', { challenge: 3, value: '42' }, echo, {
      headers: { 'idempotency-key': 'k-1' },
    });
    expect(answer).toEqual({ id: 7, value: '42' });
    const [, init] = fetch.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"challenge":3,"value":"42"}');
    expect(init?.headers).toMatchObject({
      'content-type': 'application/json',
      'idempotency-key': 'k-1',
      authorization: 'Bearer tok.sig',
    });
    expect(await apiSend('POST', 'guides_by_token/t/subscribe/', undefined, echo)).toBeNull();
    expect(fetch.mock.calls[1]![1]?.body).toBeUndefined();
  });

  it("rethrows the server's message with its status, and offline as no answer", async () => {
    serve({
      '/api/v1/user_answers/': {
        status: 409,
        body: { message: 'You have already answered this challenge' },
      },
    });
    const conflict = await apiSend('POST', 'user_answers/', {}, echo).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ApiError);
    expect(conflict).toMatchObject({
      status: 409,
      message: 'You have already answered this challenge',
    });
    const offline = await apiSend('POST', 'elsewhere/', {}, echo).catch((e: unknown) => e);
    expect(offline).toMatchObject({ status: NO_ANSWER });
  });
});

describe('a 401 while signed in', () => {
  it('signs the visitor out: the session is gone on the server', async () => {
    useAuthStore.getState().signedIn(ADA, 'tok.sig');
    serve({ '/api/v1/awards': { status: 401, body: { message: 'Sign in first' } } });
    await expect(apiGet('awards', echo, undefined, { personal: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(useAuthStore.getState()).toMatchObject({ user: null, token: null });
  });

  it('keeps a newer sign-in made while the call was under way', async () => {
    useAuthStore.getState().signedIn(ADA, 'old');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      useAuthStore.getState().signedIn(ADA, 'new');
      return new Response('{}', { status: 401 });
    });
    await expect(apiGet('awards', echo, undefined, { personal: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(useAuthStore.getState().token).toBe('new');
  });
});
