import {
  DARK_PREFIX,
  resolveTheme,
  sanitizeTheme,
  type ThemeData,
  type ThemeProblem,
} from '@earshot/core';

/**
 * Where a theme applies: the rule that takes its light colours, the one that takes its dark
 * colours (`dark-` keys), and the ancestor its class rules are scoped under.
 */
export type ThemeScope = { light: string; dark: string; classes: string };

/** The open guide's theme: on the whole page while `<html data-guide-theme>` is set. */
export const GUIDE_SCOPE: ThemeScope = {
  light: ":root[data-guide-theme]:not([data-theme='dark'])",
  dark: ":root[data-guide-theme][data-theme='dark']",
  classes: ':root[data-guide-theme]',
};

/**
 * Applies a theme through the CSSOM: its entries are checked again with core's rules (an
 * invalid one is skipped and returned as a problem), a built-in it names is filled in, and
 * each value goes in with `style.setProperty`, which parses it as one value of that property
 * only; no CSS text is ever built from a value. Selectors are the hook-class grammar core
 * allows, under the scope's own selector. Returns what undoes it and the problems found.
 */
export function applyTheme(
  raw: ThemeData,
  scope: ThemeScope,
  doc: Document = document,
): { remove: () => void; problems: ThemeProblem[] } {
  const { theme, problems } = sanitizeTheme(raw);
  const resolved = resolveTheme(theme);
  if (!('adoptedStyleSheets' in doc)) return { remove: () => undefined, problems };
  const sheet = new CSSStyleSheet();
  const rule = (selector: string, declarations: [string, string][]) => {
    if (!declarations.length) return;
    try {
      const at = sheet.insertRule(`${selector} {}`, sheet.cssRules.length);
      const style = (sheet.cssRules[at] as CSSStyleRule).style;
      for (const [property, value] of declarations) style.setProperty(property, value);
    } catch (e) {
      console.warn(`Theme rule ${selector} was not applied`, e);
    }
  };
  const light: [string, string][] = [];
  const dark: [string, string][] = [];
  for (const [key, value] of Object.entries(resolved.colors))
    if (key.startsWith(DARK_PREFIX)) dark.push([`--${key.slice(DARK_PREFIX.length)}`, value]);
    else light.push([`--${key}`, value]);
  rule(scope.light, light);
  rule(scope.dark, dark);
  for (const [selector, declarations] of Object.entries(resolved.classes))
    rule(`${scope.classes} ${selector}`, Object.entries(declarations));
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  return {
    remove: () => {
      doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
    },
    problems,
  };
}
