/**
 * An element holding `text` as text, never parsed as HTML (docs/security.md): what takes a
 * string as HTML — a Leaflet tooltip, popup or icon — is given this instead of the string.
 */
export function textElement(text: string, className?: string): HTMLSpanElement {
  const el = document.createElement('span');
  if (className) el.className = className;
  el.textContent = text;
  return el;
}
