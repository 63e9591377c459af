import type { ExistingStop, ImportCandidate, ImportRowResult } from './collection-import-rows.js';

/**
 * Which imported rows update which stops of the draft, and which are new (collection-import.ts
 * says what an import is). A row matches the existing stop with its external id (trimmed, as
 * written: "A-12" is not "a-12"); a row without one is always new.
 */
export type ImportPlan = {
  /** Rows that update an existing stop, in row order. */
  updates: { row: number; token: string; stop: ImportCandidate }[];
  /** Rows that become new stops, in row order. */
  additions: { row: number; stop: ImportCandidate }[];
  /** Existing stops no row updates, in the draft's order: the publisher keeps or removes each. */
  missing: ExistingStop[];
};

/**
 * The plan of an import: each candidate (readImportRows' stops) matched by its external id to the
 * first existing stop with that id. Where two candidates have one id (readImportRows refuses the
 * later ones, but a caller may pass any), the first in row order updates the stop and the others
 * are new. Every existing stop no row updates is missing from the file, whether it has an
 * external id or not (a stop added by hand is not in the file either).
 */
export function planImport(
  candidates: readonly ImportCandidate[],
  existing: readonly ExistingStop[],
): ImportPlan {
  const byId = new Map<string, ExistingStop>();
  for (const s of existing) {
    const id = s.externalId?.trim();
    if (id && !byId.has(id)) byId.set(id, s);
  }
  const matched = new Set<string>();
  const plan: ImportPlan = { updates: [], additions: [], missing: [] };
  for (const stop of [...candidates].sort((a, b) => a.row - b.row)) {
    const target = stop.externalId ? byId.get(stop.externalId.trim()) : undefined;
    if (target && !matched.has(target.token)) {
      matched.add(target.token);
      plan.updates.push({ row: stop.row, token: target.token, stop });
    } else plan.additions.push({ row: stop.row, stop });
  }
  plan.missing = existing.filter((s) => !matched.has(s.token));
  return plan;
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * A dry run in one sentence: "498 stops ready (3 with warnings), 2 with problems; 12 update
 * existing stops, 486 are new; 3 stops are not in the file." A row "with problems" has an error
 * and is not imported; a part with nothing to say is left out.
 */
export function importSummary(results: readonly ImportRowResult[], plan: ImportPlan): string {
  if (results.length === 0 && plan.missing.length === 0) return 'The file has no stops.';
  const ready = results.filter((r) => r.stop !== null);
  const warned = ready.filter((r) => r.problems.length > 0).length;
  const blocked = results.length - ready.length;
  const parts: string[] = [];
  if (results.length > 0)
    parts.push(
      `${count(ready.length, 'stop', 'stops')} ready` +
        (warned ? ` (${count(warned, 'with warnings', 'with warnings')})` : '') +
        (blocked ? `, ${count(blocked, 'with problems', 'with problems')}` : ''),
    );
  const changes = [
    plan.updates.length
      ? count(plan.updates.length, 'updates an existing stop', 'update existing stops')
      : '',
    plan.additions.length ? count(plan.additions.length, 'is new', 'are new') : '',
  ].filter(Boolean);
  if (changes.length) parts.push(changes.join(', '));
  if (plan.missing.length)
    parts.push(`${count(plan.missing.length, 'stop is', 'stops are')} not in the file`);
  return `${parts.join('; ')}.`;
}
