import { isThemeColor, type Rgba } from './theme-colors.js';
import { parseThemeColor } from './theme-color-values.js';
import { DARK_PREFIX, THEME_COLOR_TOKENS, type ThemeColorToken } from './theme.js';

/**
 * Contrast of a theme's colours (the theme editor's warnings and the built-ins' tests): kept
 * apart from the rules so that the guide screens, which only apply themes, do not load it.
 */

function luminance({ r, g, b }: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** A colour with alpha laid over an opaque background. */
const over = (fg: Rgba, bg: Rgba): Rgba => ({
  r: fg.r * fg.a + bg.r * (1 - fg.a),
  g: fg.g * fg.a + bg.g * (1 - fg.a),
  b: fg.b * fg.a + bg.b * (1 - fg.a),
  a: 1,
});

/**
 * WCAG 2 contrast ratio (1–21) of text `fg` on `bg`, or null when either is not a theme
 * colour. A translucent text colour is laid over the background first; the background is
 * taken as opaque (a theme's backgrounds are).
 */
export function contrastRatio(fg: string, bg: string): number | null {
  const f = parseThemeColor(fg);
  const b = parseThemeColor(bg);
  if (!f || !b) return null;
  const back = { ...b, a: 1 };
  const l1 = luminance(over(f, back));
  const l2 = luminance(back);
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}

/** WCAG AA for normal text: 4.5:1. */
export const AA_NORMAL_TEXT = 4.5;
export const meetsAA = (fg: string, bg: string) => (contrastRatio(fg, bg) ?? 0) >= AA_NORMAL_TEXT;

/** The app's own colours (global.css), light and dark, for contrast checks of a partial theme. */
export const DEFAULT_THEME_COLORS: Record<'light' | 'dark', Record<ThemeColorToken, string>> = {
  light: {
    bg: '#f6f4ef',
    surface: '#ffffff',
    'surface-2': '#efece5',
    text: '#1b2528',
    'text-muted': '#55656b',
    border: '#dcd7cc',
    primary: '#0f5f73',
    'primary-strong': '#0b4a5a',
    'primary-soft': '#e0eff2',
    'on-primary': '#ffffff',
    accent: '#f5b544',
    danger: '#b42318',
  },
  dark: {
    bg: '#10191d',
    surface: '#182429',
    'surface-2': '#1f2e34',
    text: '#eaf0f2',
    'text-muted': '#a7b7bd',
    border: '#2d3f46',
    primary: '#6cc6d9',
    'primary-strong': '#8fd6e5',
    'primary-soft': '#1d3a42',
    'on-primary': '#0b1b20',
    accent: '#f5b544',
    danger: '#b42318',
  },
};

/** The colour each token has in `mode` once the theme applies. */
export function themePalette(
  colors: Record<string, string>,
  mode: 'light' | 'dark',
): Record<ThemeColorToken, string> {
  const prefix = mode === 'dark' ? DARK_PREFIX : '';
  const out = { ...DEFAULT_THEME_COLORS[mode] };
  for (const t of THEME_COLOR_TOKENS) {
    const v = colors[prefix + t];
    if (v !== undefined && isThemeColor(v)) out[t] = v;
  }
  return out;
}

/** Text on background pairs the screens use, each to meet WCAG AA. */
export const THEME_CONTRAST_PAIRS: [ThemeColorToken, ThemeColorToken][] = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['text', 'surface-2'],
  ['text-muted', 'bg'],
  ['text-muted', 'surface'],
  ['on-primary', 'primary'],
  ['primary', 'bg'],
  ['primary', 'surface'],
];

export type ContrastWarning = {
  mode: 'light' | 'dark';
  fg: ThemeColorToken;
  bg: ThemeColorToken;
  ratio: number;
};

/** The pairs below WCAG AA (4.5:1) in light and dark mode once the theme's colours apply. */
export function themeContrastWarnings(colors: Record<string, string>): ContrastWarning[] {
  const out: ContrastWarning[] = [];
  for (const mode of ['light', 'dark'] as const) {
    const p = themePalette(colors, mode);
    for (const [fg, bg] of THEME_CONTRAST_PAIRS) {
      const ratio = contrastRatio(p[fg], p[bg]) ?? 0;
      if (ratio < AA_NORMAL_TEXT) out.push({ mode, fg, bg, ratio });
    }
  }
  return out;
}
