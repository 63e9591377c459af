import L from 'leaflet';
import { textElement } from '../lib/text-element';

// Leaflet's tooltips and popups put a string in as HTML (DivOverlay sets innerHTML): a stop's
// title `<meta http-equiv="refresh" …>` in a marker's tooltip once sent the visitor off-site
// (docs/security.md). This file is the only one the lint allows to call their content setters
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
 * layer, so a long title near an edge ran off the screen (tooltip-in-view.ts moves it). That
 * code comes with the first tooltip, not with the map: the guide's first load stays within its
 * budget (e2e budgets.spec). Until it has come, the tooltip is not shown where it would be cut.
 */
export function keepTooltipInView<T extends L.Layer>(layer: T, margin = 8): T {
  return layer.on('tooltipopen', (e) => {
    const el = (e as L.TooltipEvent).tooltip.getElement();
    if (!el) return;
    el.style.visibility = 'hidden';
    void import('./tooltip-in-view').then(({ placeInView }) => {
      placeInView(el, margin);
      el.style.visibility = '';
    });
  }) as T;
}
