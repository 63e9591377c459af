/**
 * What the visitor did in the page's shell before the app started (the shell's search box
 * works before any JavaScript): read once as the app starts.
 */
const handover = { search: '', focused: false };

/**
 * Reads the shell's search box (`id`) just before the app draws over the shell; gives the
 * query typed into it, for the app's first render to show.
 */
export function readShell(id: string): string {
  const input = document.getElementById(id);
  if (!(input instanceof HTMLInputElement)) return '';
  handover.search = input.value;
  handover.focused = document.activeElement === input;
  // Once the visitor moves on to anything else, the box no longer claims the focus.
  const moved = (e: FocusEvent) => {
    if ((e.target as Element | null)?.id === id) return;
    handover.focused = false;
    document.removeEventListener('focusin', moved);
  };
  if (handover.focused) document.addEventListener('focusin', moved);
  return input.value;
}

/** A query typed into the shell, once (the screen that shows the list applies it). */
export function takeShellSearch(): string {
  const { search } = handover;
  handover.search = '';
  return search;
}

/**
 * Whether a search box that has just appeared should take the focus: the visitor was typing
 * in the shell's box, and the box they were typing in has been replaced (the skeleton's by
 * the screen's), leaving the focus nowhere.
 */
export const searchKeepsFocus = () =>
  handover.focused && (document.activeElement === null || document.activeElement === document.body);
