/**
 * Where in a guide a bundle or draft problem is, in a publisher's words, from its JSON path
 * (`$.pois[1].content.en.title` → "Stop 2, title (en)"); null for the bundle as a whole (`$`)
 * and for a path it cannot name. The path itself stays available behind a "Details" toggle.
 */
const PARTS: Record<string, string> = {
  pois: 'Stop',
  layers: 'Layer',
  badges: 'Badge',
  hunts: 'Scavenger hunt',
  challenges: 'Challenge',
  levels: 'Level',
  images: 'Picture',
};

export function problemPlace(path: string): string | null {
  if (!path.startsWith('$')) return null;
  const steps = [...path.slice(1).matchAll(/\.([A-Za-z_][\w-]*)|\[(\d+)\]/g)].map((m) =>
    m[2] === undefined ? m[1]! : Number(m[2]),
  );
  if (steps.length === 0) return null;
  const said: string[] = [];
  let field: string[] = [];
  let language: string | null = null;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const next = steps[i + 1];
    if (typeof step === 'string' && PARTS[step] && typeof next === 'number') {
      if (field.length) said.push(field.join(' '));
      field = [];
      said.push(`${PARTS[step]} ${next + 1}`);
      i++;
    } else if (step === 'content' && typeof next === 'string') {
      language = next;
      i++;
    } else if (step !== 'guide')
      field.push(String(typeof step === 'number' ? step + 1 : step).replace(/_/g, ' '));
  }
  if (field.length) said.push(field.join(' '));
  if (said.length === 0) return path === '$.guide' ? 'Guide' : null;
  const where = steps[0] === 'guide' ? ['Guide', ...said] : said;
  return `${where.join(', ')}${language ? ` (${language})` : ''}`;
}
