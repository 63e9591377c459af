import { authFailureMessage } from '@earshot/core';

/** A failed call to the identity service, with the message the visitor sees (SPEC §8). */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Options = {
  /** The session token, for the calls that act on a session (sign-out). */
  token?: string | null;
  /**
   * 'omit' for e-mail and password: the token comes back in a header and goes out as
   * `Authorization`, so no session cookie is kept. Google's sign-in needs the browser's
   * cookies (the OAuth state, then the session the provider's callback opened).
   */
  credentials?: RequestCredentials;
  method?: 'GET' | 'POST';
};

/** What an identity call answered: its JSON and the bearer token its header carried, if any. */
export type AuthAnswer<T> = { data: T; token: string | null };

/** One call to better-auth under `/api/auth/` (ARCHITECTURE: Auth). */
export async function authRequest<T>(
  path: string,
  body?: unknown,
  { token, credentials = 'omit', method = 'POST' }: Options = {},
): Promise<AuthAnswer<T>> {
  let res: Response;
  try {
    res = await fetch(`/api/auth/${path}`, {
      method,
      credentials,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new AuthError(0, authFailureMessage(0, null));
  }
  const data = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) throw new AuthError(res.status, authFailureMessage(res.status, data));
  return { data: data as T, token: res.headers.get('set-auth-token') };
}
