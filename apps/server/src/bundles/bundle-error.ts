import type { DraftProblem } from '@earshot/core';

/** One problem of a bundle: its JSON path and what is wrong there. */
export type BundleProblem = DraftProblem;

/** A problem as the command line prints it: "path: message (detail)". */
export const problemLine = (p: BundleProblem) =>
  `${p.path}: ${p.message}${p.detail ? ` (${p.detail})` : ''}`;

/**
 * A bundle that cannot be imported; `problems` lists every problem by JSON path. They stay
 * structured to the studio's answer (`{ path, message }`, docs/studio.md); only the command line
 * and the message print them as lines.
 */
export class BundleError extends Error {
  constructor(readonly problems: BundleProblem[]) {
    super(`Invalid guide bundle:\n  ${problems.map(problemLine).join('\n  ')}`);
    this.name = 'BundleError';
  }

  /** The problems as "path: message" lines. */
  get errors(): string[] {
    return this.problems.map(problemLine);
  }
}

/** A bundle error of one problem at `path`, with the technical cause apart when there is one. */
export const bundleError = (path: string, message: string, detail?: string) =>
  new BundleError([{ path, message, ...(detail ? { detail } : {}) }]);
