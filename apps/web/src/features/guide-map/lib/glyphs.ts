/**
 * Small line glyphs (24×24 viewBox, stroked) for the icon names guides give POIs, layers and
 * challenges, drawn both in marker HTML (Leaflet icons are HTML strings) and in React.
 */
const dot = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

export const STAR_GLYPH = [
  'M12 2.5l2.9 5.9 6.6 1-4.8 4.6 1.1 6.5L12 17.4l-5.8 3.1 1.1-6.5-4.8-4.6 6.6-1z',
];
export const CIRCLE_GLYPH = [dot(12, 12, 5)];

const GLYPHS: Record<string, string[]> = {
  palette: [
    'M12 21.5a9.5 9.5 0 1 1 9.5-9.5c0 2.4-1.9 3.4-3.8 3.4h-2.1a1.9 1.9 0 0 0-1.4 3.2 1.9 1.9 0 0 1-1.4 2.9z',
    dot(7.5, 11, 1),
    dot(10.5, 7, 1),
    dot(15.5, 8, 1),
  ],
  landmark: [
    'M3 21.5h18',
    'M5 18h14',
    'M6 18v-7',
    'M10 18v-7',
    'M14 18v-7',
    'M18 18v-7',
    'M12 2.5l8.5 5H3.5z',
  ],
  music: ['M9 18V5l12-2v13', dot(6, 18, 3), dot(18, 16, 3)],
  camera: [
    'M14.5 4h-5L7 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3z',
    dot(12, 13, 3.5),
  ],
  list: ['M9 6h11', 'M9 12h11', 'M9 18h11', 'M4.5 6h.01', 'M4.5 12h.01', 'M4.5 18h.01'],
  number: ['M4 9h16', 'M4 15h16', 'M10 3L8 21', 'M16 3l-2 18'],
  text: ['M4 7V4h16v3', 'M9 20h6', 'M12 4v16'],
  star: STAR_GLYPH,
  circle: CIRCLE_GLYPH,
};

/** A map pin, for icon names this app has no glyph for. */
const FALLBACK = ['M12 21.5s-7-6.2-7-11.5a7 7 0 0 1 14 0c0 5.3-7 11.5-7 11.5z', dot(12, 10, 2.5)];

/** The glyph of an icon name (case and spaces ignored), or a pin when the name is unknown. */
export function glyphPaths(name: string | null | undefined): string[] {
  const key = (name ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return GLYPHS[key] ?? FALLBACK;
}

/** The glyph as SVG markup (for Leaflet icon HTML). */
export const glyphSvg = (paths: string[], className: string, color: string): string =>
  `<svg class="${className}" viewBox="0 0 24 24" fill="none" stroke="${color}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${paths
    .map((d) => `<path d="${d}"/>`)
    .join('')}</svg>`;
