/**
 * Why an import failed, from the server's answer: its message and the importer's own problems
 * (docs/studio.md: 400 `{ error, problems }`, each a string or `{ path, message }`).
 */
export function importFailure(
  status: number,
  body: unknown,
): { message: string; problems: string[] } {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const problems = Array.isArray(b.problems)
    ? b.problems.flatMap((p): string[] => {
        if (typeof p === 'string') return [p];
        if (p && typeof p === 'object') {
          const { path, message } = p as { path?: unknown; message?: unknown };
          if (typeof message === 'string')
            return [typeof path === 'string' && path ? `${path}: ${message}` : message];
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
