import { isThemeColor } from './theme-colors.js';

/**
 * Guide themes (SPEC §3 Theme, §5 theme rules): a publisher's colours and a few class rules
 * that restyle a guide's screens while it is open. The rules here are SPEC §5's plus stricter
 * ones, because a theme's values end up in the visitor's page: colours must be colours,
 * selectors only the documented hook classes, properties from a short list, values without
 * anything that could load, run or break out of a rule. The importer refuses a theme that
 * breaks one; the web app drops the entries that break one (with a warning) and applies the rest.
 */

/** Themable colours: the app's CSS variables (apps/web/src/app/global.css), without `--`. */
export const THEME_COLOR_TOKENS = [
  'bg',
  'surface',
  'surface-2',
  'text',
  'text-muted',
  'border',
  'primary',
  'primary-strong',
  'primary-soft',
  'on-primary',
  'accent',
  'danger',
] as const;
export type ThemeColorToken = (typeof THEME_COLOR_TOKENS)[number];
/** A key `dark-{token}` applies in dark mode only; a plain key in light mode only. */
export const DARK_PREFIX = 'dark-';

/** Class names on the guide's screens that a theme's class rules may style (docs/guide-bundle.md). */
export const THEME_HOOK_CLASSES = [
  'es-header',
  'es-splash',
  'es-card',
  'es-card-title',
  'es-marker',
  'es-player',
  'es-dialog',
  'es-hunt',
] as const;
const PSEUDO = [':hover', ':focus-visible'] as const;

/** Colour properties take a theme colour; the others a short plain value. */
const COLOR_PROPERTIES = new Set([
  'color',
  'background-color',
  'border-color',
  'outline-color',
  'fill',
  'stroke',
]);
export const THEME_PROPERTIES = [
  ...COLOR_PROPERTIES,
  'border',
  'border-width',
  'border-style',
  'border-radius',
  'box-shadow',
  'font-weight',
  'font-style',
  'text-transform',
  'text-decoration',
  'letter-spacing',
  'opacity',
] as const;
const PROPERTIES = new Set<string>(THEME_PROPERTIES);

export const THEME_LIMITS = { value: 200, name: 60, clientId: 100, classes: 40, declarations: 30 };

export type ThemeData = {
  name: string;
  colors: Record<string, string>;
  classes: Record<string, Record<string, string>>;
  client_id?: string;
};
/** Where in the theme (keys from the theme object down) and what is wrong. */
export type ThemeProblem = { path: string[]; message: string };

export const EMPTY_THEME: ThemeData = { name: 'default', colors: {}, classes: {} };

/** A problem's path as text, e.g. `classes[".es-player"].color` (JSON-path style keys). */
export function jsonPath(path: readonly (string | number)[], root = ''): string {
  return path.reduce<string>(
    (at, p) =>
      typeof p === 'number'
        ? `${at}[${p}]`
        : /^[A-Za-z_$][\w$-]*$/.test(p)
          ? `${at}${at ? '.' : ''}${p}`
          : `${at}[${JSON.stringify(p)}]`,
    root,
  );
}

/** SPEC §5: a non-empty string without the text 'script' (any case). */
function specValueProblem(value: string): string | null {
  if (value.trim() === '') return 'must not be empty';
  if (/script/i.test(value)) return "must not contain the text 'script'";
  return null;
}

/** Fragments that could load a resource, run code or end the declaration or rule. */
const FORBIDDEN: [RegExp, string][] = [
  [/url\s*\(/i, 'must not load anything (url())'],
  [/expression\s*\(/i, 'must not hold an expression()'],
  [/@/, "must not contain '@'"],
  [/\\/, 'must not contain a backslash (CSS escape)'],
  [/[;{}]/, "must not contain ';', '{' or '}'"],
  [/[<>]/, 'must not contain angle brackets'],
  [/["'`]/, 'must not contain quotes'],
  [/\/\*/, 'must not contain a comment'],
  [/!/, "must not contain '!' (!important)"],
];

/** Problem with one declaration or colour value, or null when it may be applied. */
export function themeValueProblem(value: string, kind: 'color' | 'plain'): string | null {
  const spec = specValueProblem(value);
  if (spec) return spec;
  if (value.length > THEME_LIMITS.value) return `must be at most ${THEME_LIMITS.value} characters`;
  for (const [re, message] of FORBIDDEN) if (re.test(value)) return message;
  if (!/^[\x20-\x7e]+$/.test(value)) return 'must hold plain ASCII characters only';
  if (kind === 'color')
    return isThemeColor(value)
      ? null
      : 'must be a colour (#rrggbb, rgb(), hsl() or a CSS colour name)';
  if (!/^[A-Za-z0-9 #%.,()/+-]+$/.test(value))
    return 'may hold letters, digits, spaces and # % . , ( ) / + - only';
  const fn = /([A-Za-z-]+)\s*\(/g;
  for (let m = fn.exec(value); m; m = fn.exec(value))
    if (!/^(rgba?|hsla?)$/i.test(m[1]!)) return `must not call ${m[1]}() (only rgb() and hsl())`;
  return null;
}

const HOOK = `\\.(?:${THEME_HOOK_CLASSES.join('|')})(?:${PSEUDO.join('|')})?`;
const SELECTOR = new RegExp(`^${HOOK}(?: ${HOOK})?$`);

/** SPEC §5 (starts with a dot, no angle brackets), then: one or two hook classes, nothing else. */
export function themeSelectorProblem(selector: string): string | null {
  if (!selector.startsWith('.')) return 'selector must start with a dot';
  if (/[<>]/.test(selector)) return 'selector must not contain angle brackets';
  if (/script/i.test(selector)) return "selector must not contain the text 'script'";
  if (SELECTOR.test(selector)) return null;
  return `selector must be a hook class (${THEME_HOOK_CLASSES.map((c) => `.${c}`).join(', ')}), optionally with :hover or :focus-visible, or two of them separated by one space`;
}

const COLOR_KEYS = new Set<string>([
  ...THEME_COLOR_TOKENS,
  ...THEME_COLOR_TOKENS.map((t) => DARK_PREFIX + t),
]);

/** Every rule the theme breaks, each at its entry (an empty list: the theme may be applied). */
export function themeProblems(theme: ThemeData): ThemeProblem[] {
  const problems: ThemeProblem[] = [];
  const add = (path: string[], message: string) => problems.push({ path, message });
  const nameProblem = specValueProblem(theme.name);
  if (nameProblem) add(['name'], nameProblem);
  else if (!/^[\w .-]+$/.test(theme.name) || theme.name.length > THEME_LIMITS.name)
    add(
      ['name'],
      `must be letters, digits, spaces, '_', '.' or '-' (at most ${THEME_LIMITS.name})`,
    );
  if (theme.client_id !== undefined) {
    const p = specValueProblem(theme.client_id);
    if (p) add(['client_id'], p);
    else if (!/^[\w.-]+$/.test(theme.client_id) || theme.client_id.length > THEME_LIMITS.clientId)
      add(
        ['client_id'],
        `must be letters, digits, '_', '.' or '-' (at most ${THEME_LIMITS.clientId})`,
      );
  }
  for (const [key, value] of Object.entries(theme.colors)) {
    if (!COLOR_KEYS.has(key)) {
      add(
        ['colors', key],
        `is not a theme colour (${THEME_COLOR_TOKENS.join(', ')}, or dark- before one)`,
      );
      continue;
    }
    const p = themeValueProblem(value, 'color');
    if (p) add(['colors', key], p);
  }
  const rules = Object.entries(theme.classes);
  if (rules.length > THEME_LIMITS.classes)
    add(['classes'], `must hold at most ${THEME_LIMITS.classes} selectors`);
  for (const [selector, declarations] of rules) {
    const s = themeSelectorProblem(selector);
    if (s) {
      add(['classes', selector], s);
      continue;
    }
    const entries = Object.entries(declarations);
    if (entries.length > THEME_LIMITS.declarations)
      add(['classes', selector], `must hold at most ${THEME_LIMITS.declarations} properties`);
    for (const [property, value] of entries) {
      if (!PROPERTIES.has(property)) {
        add(
          ['classes', selector, property],
          `is not a property a theme may set (${THEME_PROPERTIES.join(', ')})`,
        );
        continue;
      }
      const p = themeValueProblem(value, COLOR_PROPERTIES.has(property) ? 'color' : 'plain');
      if (p) add(['classes', selector, property], p);
    }
  }
  return problems;
}

/**
 * The theme without its invalid entries (SPEC §5: skipped), and the problems found. A bad name
 * makes the name 'default'; a bad client id is left out; a selector over the limits is dropped.
 */
export function sanitizeTheme(theme: ThemeData): { theme: ThemeData; problems: ThemeProblem[] } {
  const problems = themeProblems(theme);
  const bad = new Set(problems.map((p) => JSON.stringify(p.path)));
  const ok = (...path: string[]) => !bad.has(JSON.stringify(path));
  const colors = Object.fromEntries(Object.entries(theme.colors).filter(([k]) => ok('colors', k)));
  const classes: ThemeData['classes'] = {};
  if (ok('classes'))
    for (const [selector, declarations] of Object.entries(theme.classes)) {
      if (!ok('classes', selector)) continue;
      const kept = Object.entries(declarations).filter(([p]) => ok('classes', selector, p));
      if (kept.length) classes[selector] = Object.fromEntries(kept);
    }
  const clean: ThemeData = { name: ok('name') ? theme.name : 'default', colors, classes };
  if (theme.client_id !== undefined && ok('client_id')) clean.client_id = theme.client_id;
  return { theme: clean, problems };
}

/** Built-in themes (SPEC §3): a guide's theme naming one starts from it. */
export const BUILT_IN_THEMES: Record<'clown' | 'mono', ThemeData> = {
  clown: {
    name: 'clown',
    colors: {
      bg: '#fff6dc',
      surface: '#ffffff',
      'surface-2': '#fde9b8',
      text: '#2b1600',
      'text-muted': '#6a4200',
      border: '#f0b93a',
      primary: '#b0124f',
      'primary-strong': '#7f0b38',
      'primary-soft': '#fde0ea',
      'on-primary': '#ffffff',
      accent: '#ffc400',
      danger: '#b42318',
      'dark-bg': '#1c0f2e',
      'dark-surface': '#2a1744',
      'dark-surface-2': '#372058',
      'dark-text': '#fff3d2',
      'dark-text-muted': '#e6c98b',
      'dark-border': '#5b3a86',
      'dark-primary': '#ffd23f',
      'dark-primary-strong': '#ffe27a',
      'dark-primary-soft': '#4a2a6b',
      'dark-on-primary': '#1c0f2e',
      'dark-accent': '#ff7eb3',
      'dark-danger': '#ff8a80',
    },
    classes: {
      '.es-card': { 'border-width': '3px', 'border-style': 'dashed', 'border-radius': '24px' },
      '.es-header': { 'box-shadow': '0 4px 0 #ffc400' },
      '.es-card-title': { 'text-transform': 'uppercase', 'letter-spacing': '0.04em' },
    },
  },
  mono: {
    name: 'mono',
    colors: {
      bg: '#f4f4f4',
      surface: '#ffffff',
      'surface-2': '#ebebeb',
      text: '#141414',
      'text-muted': '#575757',
      border: '#d0d0d0',
      primary: '#333333',
      'primary-strong': '#141414',
      'primary-soft': '#e6e6e6',
      'on-primary': '#ffffff',
      accent: '#9a9a9a',
      danger: '#4d4d4d',
      'dark-bg': '#121212',
      'dark-surface': '#1e1e1e',
      'dark-surface-2': '#2a2a2a',
      'dark-text': '#f0f0f0',
      'dark-text-muted': '#b5b5b5',
      'dark-border': '#3a3a3a',
      'dark-primary': '#d6d6d6',
      'dark-primary-strong': '#ffffff',
      'dark-primary-soft': '#333333',
      'dark-on-primary': '#121212',
      'dark-accent': '#8a8a8a',
      'dark-danger': '#d0d0d0',
    },
    classes: {},
  },
};
export const isBuiltInTheme = (name: string): name is keyof typeof BUILT_IN_THEMES =>
  Object.hasOwn(BUILT_IN_THEMES, name);

/** A theme naming a built-in: the built-in's entries with the theme's own on top. */
export function resolveTheme(theme: ThemeData): ThemeData {
  if (!isBuiltInTheme(theme.name)) return theme;
  const base = BUILT_IN_THEMES[theme.name];
  const classes = { ...base.classes };
  for (const [s, d] of Object.entries(theme.classes)) classes[s] = { ...classes[s], ...d };
  return { ...theme, colors: { ...base.colors, ...theme.colors }, classes };
}
