/** A bundle that cannot be imported; `errors` lists every problem by JSON path. */
export class BundleError extends Error {
  constructor(readonly errors: string[]) {
    super(`Invalid guide bundle:\n  ${errors.join('\n  ')}`);
    this.name = 'BundleError';
  }
}
