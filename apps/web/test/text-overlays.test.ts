import { afterEach, describe, expect, it } from 'vitest';
import L from 'leaflet';
import { bindTextTooltip, setOverlayElement } from '../src/shared/map/text-overlays';
import { textElement } from '../src/shared/lib/text-element';

// Leaflet puts a string into a tooltip or popup as HTML; a stop's title goes in as text, so a
// hostile one shows literally and makes no element (docs/security.md).
const HOSTILE = [
  '<meta http-equiv="refresh" content="0;url=https://evil.example/xss-refresh">',
  '<img src=x onerror="window.__xss=2">',
  '<a href="https://evil.example/xss-link">tap</a>',
  '<style>body{display:none}</style>',
];

function mapIn(): L.Map {
  const el = document.createElement('div');
  Object.defineProperty(el, 'clientWidth', { value: 400 });
  Object.defineProperty(el, 'clientHeight', { value: 400 });
  document.body.append(el);
  return L.map(el, { center: [45, -122], zoom: 15 });
}

afterEach(() => document.body.replaceChildren());

describe('text in tooltips and popups', () => {
  it.each(HOSTILE)("a marker's tooltip shows %j as text", (title) => {
    const map = mapIn();
    const marker = bindTextTooltip(L.marker([45, -122]).addTo(map), title, { direction: 'top' });
    marker.openTooltip();
    const tip = document.querySelector('.leaflet-tooltip')!;
    expect(tip.textContent).toBe(title);
    expect(tip.querySelectorAll('meta, img, a, style')).toHaveLength(0);
    expect(document.querySelectorAll('meta, style')).toHaveLength(0);
    map.remove();
  });

  it('a popup shows the element it is given, its text as text', () => {
    const map = mapIn();
    const box = textElement(HOSTILE.join(' '), 'title');
    setOverlayElement(L.popup(), box).setLatLng([45, -122]).openOn(map);
    const content = document.querySelector('.leaflet-popup-content')!;
    expect(content.firstElementChild).toBe(box);
    expect(content.textContent).toBe(HOSTILE.join(' '));
    expect(content.querySelectorAll('meta, img, a, style')).toHaveLength(0);
    map.remove();
  });

  it("a string in Leaflet's own tooltip would be markup (what the helpers keep out)", () => {
    const map = mapIn();
    const marker = L.marker([45, -122]).addTo(map);
    marker.bindTooltip(HOSTILE[2]!).openTooltip();
    expect(document.querySelectorAll('.leaflet-tooltip a')).toHaveLength(1);
    map.remove();
  });
});
