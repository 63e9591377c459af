/** Small immutable list edits the editor's lists (languages, layers, images) share. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export const replaceItem = <T>(list: readonly T[], i: number, item: T): T[] =>
  list.map((x, j) => (j === i ? item : x));

export const removeItem = <T>(list: readonly T[], i: number): T[] => list.filter((_, j) => j !== i);
