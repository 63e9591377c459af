/**
 * A class rule's properties as the editor shows them: one `property: value` a line. Values
 * the theme allows never hold a colon, so the first one splits a line.
 */
export function declarationsToText(declarations: Record<string, string>): string {
  return Object.entries(declarations)
    .map(([p, v]) => `${p}: ${v}`)
    .join('\n');
}

/** The lines back as properties; a line without a colon keeps its text as the property name. */
export function textToDeclarations(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const at = line.indexOf(':');
    const property = (at < 0 ? line : line.slice(0, at)).trim();
    out[property] = at < 0 ? '' : line.slice(at + 1).trim();
  }
  return out;
}
