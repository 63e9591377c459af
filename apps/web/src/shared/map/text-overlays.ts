import L from 'leaflet';
import { textElement } from '../lib/text-element';

// Leaflet's tooltips and popups put a string in as HTML (DivOverlay sets innerHTML): a stop's
// title `<meta http-equiv="refresh" …>` in a marker's tooltip once sent the visitor off-site
// (issue 28 point 2). This file is the only one the lint allows to call their content setters
// (eslint.config.js, HTML_SINKS), and it takes text or an element, never a string of HTML.

/** Binds a tooltip showing `text` as text. */
export function bindTextTooltip<T extends L.Layer>(
  layer: T,
  text: string,
  options?: L.TooltipOptions,
): T {
  return layer.bindTooltip(textElement(text), options) as T;
}

/** Gives a popup or tooltip `content`: an element built with text (see poiPopup), not HTML. */
export function setOverlayElement<T extends L.Popup | L.Tooltip>(
  overlay: T,
  content: HTMLElement,
): T {
  return overlay.setContent(content) as T;
}

/**
 * Keeps `layer`'s tooltip inside its map's box as it opens: Leaflet centres a tooltip over its
 * layer, so a long title near an edge ran off the screen. The tooltip moves sideways (CSS
 * `translate`, beside Leaflet's own transform) and its arrow back (`--arrow-shift`), so the
 * arrow still points at the layer.
 */
export function keepTooltipInView<T extends L.Layer>(layer: T, margin = 8): T {
  return layer.on('tooltipopen', (e) => {
    const el = (e as L.TooltipEvent).tooltip.getElement();
    const box = el?.closest('.leaflet-container')?.getBoundingClientRect();
    if (!el || !box) return;
    el.style.translate = '';
    el.style.removeProperty('--arrow-shift');
    const r = el.getBoundingClientRect();
    const dx =
      r.left < box.left + margin
        ? box.left + margin - r.left
        : r.right > box.right - margin
          ? box.right - margin - r.right
          : 0;
    if (dx === 0) return;
    // The arrow stays on the tooltip, clear of its rounded corners.
    const room = Math.max(0, r.width / 2 - 14);
    el.style.translate = `${dx}px 0`;
    el.style.setProperty('--arrow-shift', `${Math.max(-room, Math.min(room, -dx))}px`);
  }) as T;
}
