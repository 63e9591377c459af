import { describe, expect, it } from 'vitest';
import L from 'leaflet';
import { CLUSTER_MERGE_PX, openingMarkers, WORLD_MAP_CENTRE, worldPixel } from '@earshot/core';

// The page's HTML draws the world map's opening markers where Leaflet will (core worldPixel,
// openingMarkers): checked here against Leaflet's own projection.
describe("the opening markers follow Leaflet's projection", () => {
  const places: [number, number][] = [
    [0, 0],
    [25, -30],
    [45.52, -122.68],
    [-33.87, 151.21],
    [64.14, -21.94],
    [-54.8, -68.3],
    [89.9, 179.9],
  ];
  it.each([0, 1, 2, 5, 13])('at zoom %i', (zoom) => {
    for (const [lat, lng] of places) {
      const p = L.CRS.EPSG3857.latLngToPoint(L.latLng(lat, lng), zoom);
      const q = worldPixel(lat, lng, zoom);
      expect(q.x).toBeCloseTo(p.x, 6);
      expect(q.y).toBeCloseTo(p.y, 6);
    }
  });

  it("offsets each marker from the map's middle as the map places it", () => {
    const el = document.createElement('div');
    Object.defineProperty(el, 'clientWidth', { value: 400 });
    Object.defineProperty(el, 'clientHeight', { value: 600 });
    document.body.append(el);
    const map = L.map(el, { center: [WORLD_MAP_CENTRE.lat, WORLD_MAP_CENTRE.lng], zoom: 1 });
    const clusters = places.map(([lat, lng], i) => ({ lat, lng, count: 10 + i }));
    const markers = openingMarkers(clusters, 1);
    // Far apart: none merged (largest first).
    expect(markers.map((m) => m.count)).toEqual(clusters.map((c) => c.count).reverse());
    for (const m of markers) {
      const [lat, lng] = places[m.count - 10]!;
      const drawn = map.latLngToContainerPoint([lat, lng]);
      expect(Math.abs(drawn.x - (200 + m.x))).toBeLessThanOrEqual(1);
      expect(Math.abs(drawn.y - (300 + m.y))).toBeLessThanOrEqual(1);
    }
    // Two places within a disc's width are one marker, as the map's clusters merge them.
    const near = openingMarkers(
      [
        { lat: 10, lng: 10, count: 2 },
        { lat: 10, lng: 10 + (CLUSTER_MERGE_PX - 4) * (360 / 512), count: 3 },
      ],
      1,
    );
    expect(near).toHaveLength(1);
    expect(near[0]!.count).toBe(5);
    map.remove();
    el.remove();
  });
});
