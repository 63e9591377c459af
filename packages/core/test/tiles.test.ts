import { describe, expect, it } from 'vitest';
import { TILE_LAYERS, tileSources, tileUrls } from '../src/tiles.js';

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
