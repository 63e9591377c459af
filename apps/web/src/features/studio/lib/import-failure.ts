import { problemPlace } from '@earshot/core';

/**
 * One problem as the import dialog shows it: in plain words where it is and what is wrong,
 * and apart, for the "Details" toggle, its JSON path and the technical cause (a parser's words).
 */
export type ImportProblem = { text: string; details: string | null };

/**
 * Why an import failed, from the server's answer: its message and the importer's own problems
 * (docs/studio.md: 400 `{ error, problems }`, each a string or `{ path, message, detail? }`).
 */
export function importFailure(
  status: number,
  body: unknown,
): { message: string; problems: ImportProblem[] } {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const problems = Array.isArray(b.problems)
    ? b.problems.flatMap((p): ImportProblem[] => {
        if (typeof p === 'string') return [{ text: p, details: null }];
        if (p && typeof p === 'object') {
          const { path, message, detail } = p as Record<string, unknown>;
          if (typeof message !== 'string') return [];
          const at = text(path);
          const place = at && problemPlace(at);
          const details = [at && at !== '$' ? at : null, text(detail)].filter(Boolean).join(': ');
          return [{ text: place ? `${place}: ${message}` : message, details: details || null }];
        }
        return [];
      })
    : [];
  const message =
    text(b.message) ??
    text(b.error) ??
    (status === 413
      ? 'The bundle is larger than the server accepts.'
      : status === 401
        ? 'Your session has ended: sign in again.'
        : `The import failed (the server answered ${status}).`);
  return { message, problems };
}
