import { describe, expect, it } from 'vitest';
import { isTileUrl, TILE_LAYERS, tileSources, tileUrls } from '../../src/offline/tiles.js';

describe('tileUrls', () => {
  it('marks the photographs as imagery, the layers with text not', () => {
    expect(
      Object.entries(TILE_LAYERS)
        .filter(([, l]) => l.imagery)
        .map(([name]) => name),
    ).toEqual(['satellite']);
  });
  it('gives the defaults without overrides', () => {
    expect(tileUrls({}).roadmap).toBe(TILE_LAYERS.roadmap.url);
  });
  it('takes an override per layer, ignoring empty values', () => {
    const urls = tileUrls({
      VITE_TILES_TERRAIN: 'https://t.example/{z}/{x}/{y}.png',
      VITE_TILES_ROADMAP: '',
    });
    expect(urls.terrain).toBe('https://t.example/{z}/{x}/{y}.png');
    expect(urls.roadmap).toBe(TILE_LAYERS.roadmap.url);
  });
});

describe.each([
  [['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], ['https://tile.openstreetmap.org']],
  [['https://{s}.tile.example.org/{z}/{x}/{y}.png'], ['https://*.tile.example.org']],
  [['http://127.0.0.1:8081/tiles/{z}/{x}/{y}.png'], ['http://127.0.0.1:8081']],
  // Leaflet's {r} (@2x on a dense screen) is in the path: the origin is the same.
  [['https://tiles.example.org/{z}/{x}/{y}{r}.png'], ['https://tiles.example.org']],
  [['https://{s}.tiles.example.org/{z}/{x}/{y}{r}.png'], ['https://*.tiles.example.org']],
  [['/tiles/{z}/{x}/{y}.png'], []],
  [["https://evil.example'; script-src *"], []],
  [
    ['https://A.example/x', 'https://a.example/y', 'https://b.example/z'],
    ['https://a.example', 'https://b.example'],
  ],
])('tileSources(%j)', (templates, want) => {
  it(`is ${JSON.stringify(want)}`, () => expect(tileSources(templates)).toEqual(want));
});

describe('isTileUrl', () => {
  const templates = [
    'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
    'http://127.0.0.1:8081/roadmap/{z}/{x}/{y}.png',
  ];
  it.each([
    ['https://tile.openstreetmap.org/15/1/2.png', true],
    ['https://b.tiles.example.org/15/1/2.png', true],
    ['https://b.tiles.example.org/15/1/2@2x.png', true],
    ['http://127.0.0.1:8081/roadmap/1/2/3.png', true],
    ['http://127.0.0.1:8082/roadmap/1/2/3.png', false],
    ['https://evil.example/tile.openstreetmap.org/1/2/3.png', false],
    ['https://tiles.example.org/15/1/2.png', false],
    ['https://a.b.tiles.example.org/15/1/2.png', false],
    ['/static/tours/1/a.mp3', false],
  ])('%s → %s', (url, want) => expect(isTileUrl(url, templates)).toBe(want));
});
