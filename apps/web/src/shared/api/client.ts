import { CLIENT_MESSAGES, inPreview } from '@earshot/core';
import { authHeader, useAuthStore } from '../auth/store';
import { noteApiAnswer } from '../offline/use-online';
import { previewScope } from './preview-scope';

/**
 * How a call failed: no answer came (`offline`: connection lost, retried later), the server
 * answered an error status (`status`), or it answered in a form this app cannot read
 * (`incompatible`: a server newer than the app, docs/decisions/0003). An incompatible answer
 * comes right again only once the app is reloaded: the query cache does not retry it, and a
 * sender should tell it from `offline` by its kind (its status is NO_ANSWER for both).
 */
export type ApiErrorKind = 'offline' | 'status' | 'incompatible';

/** Status of an ApiError raised when no answer this app can use came (offline, or incompatible). */
export const NO_ANSWER = 0;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's JSON body, when it had one (a 409's or 422's details). */
    readonly body: unknown = null,
    readonly kind: ApiErrorKind = status === NO_ANSWER ? 'offline' : 'status',
  ) {
    super(message);
  }
}

/**
 * An answer this app cannot read: not JSON where JSON is expected, or not the shape of the
 * shared schema. Every such answer tells the visitor the same (CLIENT_MESSAGES.newVersion:
 * reload to update). Its status stays NO_ANSWER, as before it had a kind.
 */
export const incompatibleAnswer = () =>
  new ApiError(NO_ANSWER, CLIENT_MESSAGES.newVersion, null, 'incompatible');

/** True for an answer this app cannot read (see incompatibleAnswer). */
export const isIncompatible = (e: unknown): e is ApiError =>
  e instanceof ApiError && e.kind === 'incompatible';

/**
 * Reads an answer with `read` (JSON.parse, then the call's `parse`): a body that is not JSON or
 * a schema's refusal (zod's ZodError, known by name so that zod stays out of the first load,
 * docs/decisions/0011) is an incompatible answer; any other failure is the call's own.
 */
async function readAnswer<T>(read: () => T | PromiseLike<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    const name = (e as Error | null)?.name;
    if (e instanceof SyntaxError || name === 'ZodError' || name === '$ZodError')
      throw incompatibleAnswer();
    throw e;
  }
}

type Options = { headers?: Record<string, string>; signal?: AbortSignal };

/**
 * A 401 to a call that carried the token (`authorization`, the header it was sent with) means
 * the session is gone on the server (signed out elsewhere, expired, unregistered): the app
 * signs out too, unless the visitor has signed in again since. Every call that carries the
 * token passes its answer here (apiGet, apiSend, the studio's uploads).
 */
export function signOutOnRefusal(status: number, authorization: string | undefined): void {
  if (status !== 401 || !authorization) return;
  const { token, signedOut } = useAuthStore.getState();
  if (authorization === `Bearer ${token}`) signedOut();
}

/**
 * One call to our API with the visitor's `Authorization` when signed in (SPEC §6); a 401 to it
 * signs out (signOutOnRefusal).
 */
async function call(
  path: string,
  init: RequestInit & { headers: Record<string, string> },
  personal: boolean,
) {
  const auth = personal ? authHeader() : {};
  let res: Response;
  try {
    res = await fetch(`/api/v1/${inPreview(path, previewScope())}`, {
      ...init,
      headers: { ...init.headers, ...auth },
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(NO_ANSWER, CLIENT_MESSAGES.offline);
  }
  noteApiAnswer(res);
  signOutOnRefusal(res.status, auth.authorization);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : null;
    throw new ApiError(res.status, message ?? `The server answered ${res.status}.`, body);
  }
  return res;
}

/**
 * GET a JSON resource from our API and check it with `parse` — a core zod schema's parse,
 * or on first-load routes a light guard (see docs/decisions/0003). Only `personal` reads (the
 * user's own answers, awards, points) carry `Authorization`: content reads stay anonymous, so
 * the server's shared cache answers them and the device may keep them for offline use.
 */
export async function apiGet<T>(
  path: string,
  /** Also gets the answer's headers (a large catalogue's `X-Total-Count` and `Link`). */
  parse: (data: unknown, headers: Headers) => T | PromiseLike<T>,
  signal?: AbortSignal,
  { personal = false }: { personal?: boolean } = {},
): Promise<T> {
  const res = await call(path, { signal, headers: { accept: 'application/json' } }, personal);
  const text = await res.text();
  return readAnswer(() => parse(JSON.parse(text) as unknown, res.headers));
}

/**
 * A write to our API: `body` goes as JSON (none when undefined), the answer is checked with
 * `parse` (it gets null when the server answered without a body, as a 204 does).
 * `headers` adds to the call's own, such as an `Idempotency-Key`.
 */
export async function apiSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  parse: (data: unknown) => T | PromiseLike<T>,
  { headers = {}, signal }: Options = {},
): Promise<T> {
  const res = await call(
    path,
    {
      method,
      signal,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    true,
  );
  const text = await res.text();
  return readAnswer(() => parse(text ? (JSON.parse(text) as unknown) : null));
}
