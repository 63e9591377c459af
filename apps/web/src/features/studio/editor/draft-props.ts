import type { DraftProblem, GuideBundleInput } from '@earshot/core';

/** What every part of the studio's editor gets: the draft, its setter, its problems. */
export type DraftEditorProps = {
  draft: GuideBundleInput;
  onChange: (next: GuideBundleInput) => void;
  problems: DraftProblem[];
  guideToken: string;
  /**
   * The field a problem or checklist link asked for (a JSON path): the section opens on its
   * stop and language, and the editor focuses it. Sections read it as they mount.
   */
  target?: string | null;
  /** The day the preview shows the guide on (Seasons); null: today. */
  previewDay?: string | null;
  onPreviewDay?: (day: string | null) => void;
};
