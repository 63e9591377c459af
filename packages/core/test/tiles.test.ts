import { describe, expect, it } from 'vitest';
import { isTileUrl, TILE_LAYERS, tileSources, tileUrls } from '../src/tiles.js';

describe('tileUrls', () => {
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
    ['http://127.0.0.1:8081/roadmap/1/2/3.png', true],
    ['http://127.0.0.1:8082/roadmap/1/2/3.png', false],
    ['https://evil.example/tile.openstreetmap.org/1/2/3.png', false],
    ['https://tiles.example.org/15/1/2.png', false],
    ['https://a.b.tiles.example.org/15/1/2.png', false],
    ['/static/tours/1/a.mp3', false],
  ])('%s → %s', (url, want) => expect(isTileUrl(url, templates)).toBe(want));
});
