import L from 'leaflet';

/**
 * A marker placed with a 2D translate instead of Leaflet's translate3d. A 3D transform gives
 * every marker a compositing layer of its own, and Chromium re-layers the whole page on each
 * frame anything repaints: with 200 stops the carousel scrolling over the map dropped frames.
 * The map's panes still move as layers, so panning and zooming stay smooth. (`_setPos` is
 * Leaflet 1.9's own marker positioning, called on every move and zoom step.)
 */
export const FlatMarker = L.Marker.extend({
  _setPos(this: L.Marker & { _icon?: HTMLElement }, pos: L.Point) {
    (L.Marker.prototype as unknown as { _setPos: (p: L.Point) => void })._setPos.call(this, pos);
    if (this._icon) this._icon.style.transform = `translate(${pos.x}px, ${pos.y}px)`;
  },
}) as unknown as new (latlng: L.LatLngExpression, options?: L.MarkerOptions) => L.Marker;
