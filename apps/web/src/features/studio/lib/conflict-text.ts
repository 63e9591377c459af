/** The changed parts a 409 names (`guide`, `pois`, …) in the publisher's words. */
const PARTS: Record<string, string> = {
  guide: 'the guide’s details',
  pois: 'the stops',
  layers: 'the layers',
  badges: 'the badges',
  hunts: 'the scavenger hunts',
  format: 'the format',
};
export function changedText(parts: readonly string[]): string {
  const words = parts.map((p) => PARTS[p] ?? p);
  if (words.length === 0) return 'the guide';
  if (words.length === 1) return words[0]!;
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
