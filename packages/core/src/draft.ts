import { BUNDLE_FORMAT, guideBundleSchema, type GuideBundleInput } from './bundle.js';
import { jsonPath } from './theme.js';

/**
 * The studio's draft is a guide bundle document (decision 0013). These are the importer's own
 * rules, run where the publisher types: every problem at the JSON path of its entry.
 */
export type DraftProblem = { path: string; message: string };

export function draftProblems(document: unknown): DraftProblem[] {
  const parsed = guideBundleSchema.safeParse(document);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({
    path: jsonPath(i.path as (string | number)[], '$'),
    message: i.message,
  }));
}

/** The problems at `path` or inside it (`$.pois[1]` holds `$.pois[1].content.en.title`). */
export function problemsAt(problems: readonly DraftProblem[], path: string): DraftProblem[] {
  return problems.filter(
    (p) => p.path === path || p.path.startsWith(`${path}.`) || p.path.startsWith(`${path}[`),
  );
}

/** A new guide's first draft: valid but for what only the publisher can add (stops). */
export function emptyDraft(guide: {
  token: string;
  title: string;
  city: { name: string; state: string };
  language?: { code: string; label: string };
}): GuideBundleInput {
  return {
    format: BUNDLE_FORMAT,
    guide: {
      token: guide.token,
      title: guide.title,
      description: '',
      city: guide.city,
      languages: [guide.language ?? { code: 'en', label: 'English' }],
    },
    layers: [],
    pois: [],
    badges: [],
    hunts: [],
  };
}

/**
 * The keypad code a new stop is offered: one past the highest in use, in steps of the
 * guide's pattern (SPEC keypad codes are numbers; 101, 102 … when the guide starts at 101).
 */
export function nextKeypadCode(codes: readonly (number | null | undefined)[]): number {
  const used = codes.filter((c): c is number => typeof c === 'number');
  return used.length ? Math.max(...used) + 1 : 1;
}
