import type { z } from 'zod';
import { BUNDLE_FORMAT, guideBundleSchema, type GuideBundleInput } from '../bundle/bundle.js';
import { jsonPath } from '../theme/theme.js';

/**
 * The studio's draft is a guide bundle document (decision 0013). These are the importer's own
 * rules, run where the publisher types: every problem at the JSON path of its entry.
 */
export type DraftProblem = {
  path: string;
  message: string;
  /** The technical cause (a parser's own words), shown behind "Details", never as the message. */
  detail?: string;
};

export function draftProblems(document: unknown): DraftProblem[] {
  const parsed = guideBundleSchema.safeParse(document);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({
    path: jsonPath(i.path as (string | number)[], '$'),
    message: readableIssue(i),
  }));
}

/**
 * A schema issue as a publisher reads it beside the field ("At most 200 characters." rather
 * than the library's "Too big: expected string to have <=200 characters"); the rules' own
 * messages (duplicates, unknown references, formats) are already written for people.
 */
export function readableIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string')
        return n <= 1 ? 'This field is required.' : `At least ${n} characters.`;
      if (issue.origin === 'array') return `Add at least ${n}.`;
      return issue.inclusive === false ? `More than ${n}.` : `At least ${n}.`;
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') return `At most ${n} characters.`;
      if (issue.origin === 'array') return `At most ${n}.`;
      return issue.inclusive === false ? `Less than ${n}.` : `At most ${n}.`;
    }
    case 'invalid_type':
      if (/received undefined$/.test(issue.message)) return 'This field is required.';
      if (issue.expected === 'int') return 'A whole number.';
      if (issue.expected === 'number') return 'A number.';
      return issue.message;
    case 'invalid_value':
      return `One of: ${issue.values.map(String).join(', ')}.`;
    default:
      return issue.message;
  }
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
