import { noteApiAnswer } from '../offline/use-online';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * GET a JSON resource from our API and check it with `parse` — a core zod schema's parse,
 * or on first-load routes a light guard (see docs/decisions/0003).
 */
export async function apiGet<T>(
  path: string,
  parse: (data: unknown) => T,
  signal?: AbortSignal,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/v1/${path}`, { signal, headers: { accept: 'application/json' } });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'You seem to be offline. Check your connection and try again.');
  }
  noteApiAnswer(res);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, body?.message ?? `The server answered ${res.status}.`);
  }
  return parse(await res.json());
}
