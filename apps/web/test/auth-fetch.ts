import { vi } from 'vitest';

/**
 * The browser's fetch answering as better-auth and our API do (the answers' shapes are
 * theirs; e2e/tests/accounts.spec.ts drives the real server). Unknown paths fail as offline.
 */
export type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

export function serve(routes: Record<string, Answer | ((init?: RequestInit) => Answer)>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const route = routes[String(input)];
    if (!route) throw new TypeError('Failed to fetch');
    const { status, body, headers } = typeof route === 'function' ? route(init) : route;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  });
}

/** The JSON body the app sent to `path`. */
export const sentBody = (spy: ReturnType<typeof serve>, path: string) =>
  JSON.parse(String(spy.mock.calls.find(([url]) => url === path)?.[1]?.body)) as unknown;

/** The headers the app sent to `path`. */
export const sentHeaders = (spy: ReturnType<typeof serve>, path: string) =>
  (spy.mock.calls.find(([url]) => url === path)?.[1]?.headers ?? {}) as Record<string, string>;

export const ADA = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.org' };
