/**
 * How deeply a JSON body may nest (docs/security.md, "Bundles, pictures and bodies are bounded").
 * JSON.parse takes any depth, but what reads the value next (a schema, JSON.stringify, a
 * comparison) walks it recursively, and a body nested a hundred thousand levels deep overflows the
 * stack: a 500 for bad input. The deepest real body, a guide draft, nests about eight levels.
 */
export const JSON_MAX_DEPTH = 64;
export const JSON_TOO_DEEP_MESSAGE = `The JSON body nests more than ${JSON_MAX_DEPTH} levels deep`;

/**
 * Whether the JSON text nests arrays and objects more than `max` levels deep: one pass over
 * the text that skips strings (their brackets are text), without parsing it.
 */
export function jsonNestsDeeperThan(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
