import {
  ALPHABET,
  CITY_ROW_HEIGHT,
  cityPath,
  cityRowLabel,
  type FirstListScreen,
  type ShellKind,
} from '@earshot/core';
import { escapeData, fill } from './html.js';

/**
 * A grouped list's first screen with markers (dist/.shell/list.json, written by the web app's
 * prerender from its own components: apps/web/src/shell/list-shell.tsx).
 */
export type ListTemplates = {
  start: string;
  end: string;
  markers: {
    list: Record<'count' | 'height' | 'rows' | 'letters', string>;
    row: Record<'index' | 'id' | 'city' | 'state' | 'count' | 'label', string>;
  };
  row: string;
  letters: Record<'city' | 'state', { on: string[]; off: string[] }>;
  screens: Partial<Record<ShellKind, { small: string | null; large: string | null }>>;
};

/**
 * The list's first screen for a page (`route`'s kind), filled in with `list`'s words (escaped):
 * its count, rows, height and alphabet bar; null when the build has no template for it.
 */
export function listScreenHtml(
  t: ListTemplates,
  kind: ShellKind,
  list: FirstListScreen,
  large: boolean,
): string | null {
  const screen = t.screens[kind]?.[large ? 'large' : 'small'];
  if (!screen) return null;
  const { list: lm, row: rm } = t.markers;
  const rows = list.rows.map((r, i) =>
    fill(t.row, {
      [`"${cityPath(rm.city)}"`]: `"${escapeData(cityPath(r.city))}"`,
      [rm.index]: String(i),
      [rm.id]: String(r.cityId),
      [rm.label]: escapeData(cityRowLabel(r.city, r.state, r.guides)),
      [rm.count]: String(r.guides),
      [rm.state]: escapeData(r.state),
      [rm.city]: escapeData(r.city),
    }),
  );
  const buttons = t.letters[large ? 'state' : 'city'];
  const has = new Set(list.letters);
  return fill(screen, {
    [lm.count]: escapeData(list.count),
    [lm.height]: `${list.groups * CITY_ROW_HEIGHT}px`,
    [lm.rows]: rows.join(''),
    [lm.letters]: ALPHABET.map((l, i) => (has.has(l) ? buttons.on[i] : buttons.off[i])).join(''),
  });
}
