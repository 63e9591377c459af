/** The editor's sections, in the order the side panel (desktop) and the tabs (phone) list them. */
export const SECTIONS = [
  ['guide', 'Guide'],
  ['stops', 'Stops'],
  ['participation', 'Participation'],
  ['theme', 'Theme'],
  ['publish', 'Publish'],
] as const;
export type Section = (typeof SECTIONS)[number][0];

/** The section whose fields hold the entry at a problem's JSON path. */
export function sectionOf(path: string): Section {
  if (/^\$\.guide\.theme\b/.test(path)) return 'theme';
  if (/^\$\.pois\b/.test(path)) return 'stops';
  if (/^\$\.(badges|hunts)\b/.test(path)) return 'participation';
  return 'guide';
}

/** An element id made from a JSON path (ids of the fields' error texts). */
export const pathId = (path: string) => `draft${path.replace(/[^A-Za-z0-9]+/g, '-')}`;

/**
 * The field of a problem: the element marked `data-path` with its path, else the one with the
 * longest path that holds it (a stop's card for a problem deep inside it). Its first
 * focusable element gets the focus.
 */
export function findField(root: ParentNode, path: string): HTMLElement | null {
  let best: HTMLElement | null = null;
  let bestLength = -1;
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[data-path]'))) {
    const p = el.dataset.path ?? '';
    const holds = path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[`);
    if (holds && p.length > bestLength) {
      best = el;
      bestLength = p.length;
    }
  }
  if (!best) return null;
  if (best.matches('input, textarea, select, button, [contenteditable="true"], [tabindex]'))
    return best;
  return (
    best.querySelector<HTMLElement>(
      'input, textarea, select, button, [contenteditable="true"], [tabindex]',
    ) ?? best
  );
}
