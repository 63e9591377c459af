/**
 * Colours in a guide theme: which CSS colours a theme may give (a strict subset, so that a
 * value can be checked here and measured for contrast in theme-contrast.ts).
 */

/**
 * CSS named colours (CSS Color 4). Their values are in theme-color-values.ts, in the same order:
 * checking a theme (the guide screen does, on every visit) needs the names only, so the values stay
 * out of that code (the guide route's first load); measuring a colour (contrast, the theme editor)
 * reads both.
 */
// prettier-ignore
export const NAMED_COLORS = new Set((
  'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue ' +
  'blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk ' +
  'crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki ' +
  'darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
  'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue ' +
  'dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite ' +
  'gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
  'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
  'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen ' +
  'lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen ' +
  'magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
  'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream ' +
  'mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
  'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum ' +
  'powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
  'seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen ' +
  'steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen'
).split(' '));

export type Rgba = { r: number; g: number; b: number; a: number };

const NUM = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const FUNC = new RegExp(
  String.raw`^(rgba?|hsla?)\(\s*(${NUM})(%|deg)?\s*(?:,\s*|\s+)(${NUM})(%)?\s*(?:,\s*|\s+)(${NUM})(%)?\s*(?:(?:,|/)\s*(${NUM})(%)?\s*)?\)$`,
  'i',
);

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

export function hexToRgba(hex: string): Rgba | null {
  if (!/^[0-9a-f]+$/i.test(hex) || ![3, 4, 6, 8].includes(hex.length)) return null;
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
  const n = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16);
  return { r: n(0), g: n(1), b: n(2), a: full.length === 8 ? n(3) / 255 : 1 };
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** A colour given by its value (hex, `transparent`, a function): `v` trimmed and lower case. */
export function parseUnnamed(v: string): Rgba | null {
  if (v.startsWith('#')) return hexToRgba(v.slice(1));
  if (v === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const m = FUNC.exec(v);
  if (!m) return null;
  const [, fn, a1, u1, a2, u2, a3, u3, a4, u4] = m;
  const alpha = a4 === undefined ? 1 : clamp(Number(a4) / (u4 ? 100 : 1), 0, 1);
  if (fn!.startsWith('rgb')) {
    if (u1 === 'deg') return null;
    const ch = (n: string, pct?: string) =>
      clamp(pct ? (Number(n) * 255) / 100 : Number(n), 0, 255);
    return { r: ch(a1!, u1), g: ch(a2!, u2), b: ch(a3!, u3), a: alpha };
  }
  if (u1 === '%') return null;
  const h = ((Number(a1) % 360) + 360) % 360;
  const [r, g, b] = hslToRgb(h, clamp(Number(a2) / 100, 0, 1), clamp(Number(a3) / 100, 0, 1));
  return { r, g, b, a: alpha };
}

/** Whether a theme may use `value` as a colour (theme-color-values.ts' parseThemeColor would measure it). */
export function isThemeColor(value: string): boolean {
  const v = value.trim().toLowerCase();
  return NAMED_COLORS.has(v) || parseUnnamed(v) !== null;
}
