import type { DraftProblem, GuideBundleInput } from '@earshot/core';

/** What every part of the studio's editor gets: the draft, its setter, its problems. */
export type DraftEditorProps = {
  draft: GuideBundleInput;
  onChange: (next: GuideBundleInput) => void;
  problems: DraftProblem[];
  guideToken: string;
};
