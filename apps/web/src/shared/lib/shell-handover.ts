/**
 * What the visitor does in the page's shell before the app has drawn over it (the shell's
 * search box works before any JavaScript): its search box, kept until the app takes it over.
 */
const handover: { input: HTMLInputElement | null; focused: boolean } = {
  input: null,
  focused: false,
};

/**
 * Keeps the shell's search box (`id`) as the app starts; gives the query typed into it so far,
 * for the app's first render to show.
 */
export function readShell(id: string): string {
  const input = document.getElementById(id);
  if (!(input instanceof HTMLInputElement)) return '';
  handover.input = input;
  handover.focused = document.activeElement === input;
  // Until the app's box is there: the visitor may go on typing in the shell's, or move on.
  const moved = (e: FocusEvent) => {
    handover.focused = e.target === input;
    if (!input.isConnected) document.removeEventListener('focusin', moved);
  };
  document.addEventListener('focusin', moved);
  return input.value;
}

/**
 * The query typed into the shell, up to the moment the app drew over it, once (the screen
 * that shows the list applies it as it appears).
 */
export function takeShellSearch(): string {
  const search = handover.input?.value ?? '';
  handover.input = null;
  return search;
}

/**
 * Whether a search box that has just appeared should take the focus: the visitor was typing
 * in the shell's box, and the box they were typing in has been replaced (the skeleton's by
 * the screen's), leaving the focus nowhere.
 */
export const searchKeepsFocus = () =>
  handover.focused && (document.activeElement === null || document.activeElement === document.body);

/** The world map's opening markers the page's HTML draws (the server's: opening-markers.tsx). */
export const SHELL_MAP_MARKERS = 'shell-map-markers';

/** Parts of the page's shell the app keeps on screen until it has drawn its own. */
const kept = new Map<string, HTMLElement>();

/** Keeps the shell's element `id`, just before the app draws over the shell (which removes it). */
export function keepShellElement(id: string): void {
  const el = document.getElementById(id);
  if (el) kept.set(id, el);
}

/** Puts the kept element `id` in `into` (where the app draws the same thing later). */
export function adoptShellElement(id: string, into: HTMLElement | null): void {
  const el = kept.get(id);
  if (el && into && el.parentElement !== into) into.append(el);
}

/** The app has drawn its own: the kept element goes. */
export function dropShellElement(id: string): void {
  kept.get(id)?.remove();
  kept.delete(id);
}
