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
