import L from 'leaflet';
import { inkOn, MARKER_HIGHLIGHT_SIZE_PX, MARKER_SIZE_PX, type MarkerLook } from '@earshot/core';
import styles from '../components/markers.module.css';
import { CIRCLE_GLYPH, glyphPaths, glyphSvg, STAR_GLYPH } from './glyphs';

// A pin in a 40×50 box: a round head (centre 20,19.5; radius 16.5) over its point at the bottom.
const PIN = 'M20 48.5S3.5 31.5 3.5 19.5a16.5 16.5 0 0 1 33 0C36.5 31.5 20 48.5 20 48.5z';

function head(look: MarkerLook, code: number | null, ink: string): string {
  const chip = code != null ? `<span class="${styles.chip}">${code}</span>` : '';
  switch (look.kind) {
    case 'code':
      return `<span class="${styles.code}" style="color:${ink}">${code ?? ''}</span>`;
    case 'icon':
      return glyphSvg(glyphPaths(look.icon), styles.glyph!, ink) + chip;
    case 'star':
      return glyphSvg(STAR_GLYPH, styles.glyph!, ink) + chip;
    case 'circle':
      return glyphSvg(CIRCLE_GLYPH, styles.glyph!, ink) + chip;
  }
}

/**
 * A POI marker (SPEC §2, §9): a pin in the POI colour showing its keypad code, or in hunt
 * guides its icon with the code beside it; 50 px, the selected one 100 px. `color` is "#rrggbb"
 * (poiColor), so it is safe in the markup.
 */
export function markerIcon(
  look: MarkerLook,
  code: number | null,
  color: string,
  selected: boolean,
  challenge: 'active' | 'inactive' | null = null,
): L.DivIcon {
  const size = selected ? MARKER_HIGHLIGHT_SIZE_PX : MARKER_SIZE_PX;
  // SPEC §2 star of a challenge stop, as on the carousel: yellow while active, grey once
  // answered. A star-shaped pin shows it in its head already.
  const star =
    challenge && look.kind !== 'star'
      ? `<span class="${styles.challenge}" data-state="${challenge}">` +
        glyphSvg(STAR_GLYPH, styles.challengeGlyph!, 'currentColor') +
        '</span>'
      : '';
  return L.divIcon({
    className: `${styles.marker} es-marker${selected ? ` ${styles.selected}` : ''}`,
    html:
      `<svg class="${styles.pin}" viewBox="0 0 40 50" aria-hidden="true" focusable="false">` +
      `<path d="${PIN}" fill="${color}"/></svg>${head(look, code, inkOn(color))}${star}`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size],
    tooltipAnchor: [0, -size],
    popupAnchor: [0, -size + 2],
  });
}

/** The visitor's position: a blue dot (its accuracy circle is drawn apart, in metres). */
export const userIcon = () =>
  L.divIcon({ className: styles.user, html: '<span></span>', iconSize: [22, 22] });
