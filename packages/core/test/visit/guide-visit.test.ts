import { describe, expect, it } from 'vitest';
import {
  carouselEmptyMessage,
  localizePoi,
  markerLook,
  needsLanguageChoice,
  poiColor,
  poiLayerIds,
  poisInLayers,
  visitLanguage,
  type GuideDetail,
  type Poi,
} from '../../src/index.js';

const text = (title: string, audio: string | null = null) => ({
  title,
  subtitle: `${title} sub`,
  description: `<p>${title}</p>`,
  audio_url: audio,
  audio2: null,
});
const poi = (over: Partial<Poi> = {}): Poi =>
  ({
    token: 'p1',
    title: 'Gate',
    subtitle: 'Gate sub',
    description: '<p>Gate</p>',
    audio_url: '/a-en.mp3',
    audio: '/a-en.mp3',
    audio2: null,
    language: 'en',
    layer_id: null,
    metadata: [],
    icon: null,
    challenge: null,
    keypad_code: 101,
    translations: { en: text('Gate', '/a-en.mp3'), es: text('Puerta', '/a-es.mp3') },
    ...over,
  }) as Poi;

describe('localizePoi', () => {
  it('takes the texts and audio of the language', () => {
    const p = localizePoi(poi(), 'es');
    expect([p.title, p.subtitle, p.audio_url, p.audio, p.language]).toEqual([
      'Puerta',
      'Puerta sub',
      '/a-es.mp3',
      '/a-es.mp3',
      'es',
    ]);
  });
  it.each([[null], ['de']])('keeps the POI as served for %j', (lang) =>
    expect(localizePoi(poi(), lang).title).toBe('Gate'),
  );
});

const guide = (languages: { code: string; label: string }[], language: string | null) =>
  ({ languages, language }) as GuideDetail;
const two = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
];

describe('visitLanguage and needsLanguageChoice', () => {
  it.each([
    [two, 'en', undefined, 'en', true],
    [two, 'en', 'es', 'es', false],
    [two, 'en', 'fr', 'en', true],
    [[], null, undefined, null, false],
    [[], null, 'es', null, false],
  ] as const)('languages %j, guide %j, chosen %j → %j (ask: %j)', (ls, own, chosen, lang, ask) => {
    const g = guide([...ls], own);
    expect(visitLanguage(g, chosen)).toBe(lang);
    expect(needsLanguageChoice(g, chosen)).toBe(ask);
  });
});

describe('layers', () => {
  it.each([
    [{ layer_id: 1, metadata: [] }, [1]],
    [{ layer_id: 1, metadata: [1, 2] }, [1, 2]],
    [{ layer_id: null, metadata: [3] }, [3]],
    [{ layer_id: null, metadata: [] }, []],
  ])('poiLayerIds(%j) → %j', (p, ids) => expect(poiLayerIds(p).sort()).toEqual(ids));

  const pois = [
    { token: 'a', layer_id: 1, metadata: [] },
    { token: 'b', layer_id: 2, metadata: [] },
    { token: 'c', layer_id: null, metadata: [] },
    { token: 'd', layer_id: 1, metadata: [2] },
  ];
  const layers = [{ id: 1 }, { id: 2 }];
  it.each([
    [layers, [1, 2], 'abcd'],
    [layers, [1], 'acd'],
    [layers, [2], 'bcd'],
    [layers, [], 'c'],
    [[], [], 'abcd'],
  ])('layers %j selected %j → %s', (ls, selected, shown) =>
    expect(
      poisInLayers(pois, ls, selected)
        .map((p) => p.token)
        .join(''),
    ).toBe(shown),
  );
});

describe('carouselEmptyMessage (SPEC §2, word for word)', () => {
  it.each([
    [3, 0, '', 'All layers are hidden.'],
    [3, 0, 'zzz', 'All layers are hidden.'],
    [3, 1, 'zzz', 'Search term zzz returned no results'],
    [0, 0, ' zzz ', 'Search term zzz returned no results'],
    [0, 0, '', 'No pois available'],
    [3, 3, '  ', 'No pois available'],
  ])('layers %i, selected %i, search %j → %j', (layerCount, selectedLayerCount, search, msg) =>
    expect(carouselEmptyMessage({ layerCount, selectedLayerCount, search })).toBe(msg),
  );
});

describe('markerLook (SPEC §2 markers)', () => {
  const layers = [
    { id: 1, icon: 'palette' },
    { id: 2, icon: null },
  ];
  it.each([
    [
      { icon: 'music', layer_id: 1, challenge: 5, keypad_code: 7 },
      false,
      { kind: 'code', code: 7 },
    ],
    [
      { icon: 'music', layer_id: 1, challenge: 5, keypad_code: 7 },
      true,
      { kind: 'icon', icon: 'music' },
    ],
    [
      { icon: null, layer_id: 1, challenge: 5, keypad_code: 7 },
      true,
      { kind: 'icon', icon: 'palette' },
    ],
    [{ icon: null, layer_id: 2, challenge: 5, keypad_code: 7 }, true, { kind: 'star' }],
    [{ icon: null, layer_id: 2, challenge: null, keypad_code: 7 }, true, { kind: 'circle' }],
    [
      { icon: null, layer_id: null, challenge: null, keypad_code: null },
      false,
      { kind: 'code', code: null },
    ],
  ])('%j hunt=%j → %j', (p, hunt, look) => expect(markerLook(p, layers, hunt)).toEqual(look));
});

describe('poiColor', () => {
  it.each([
    ['c2410c', '#c2410c'],
    ['C2410C', '#C2410C'],
    [null, '#22ee22'],
    ['', '#22ee22'],
    ['#c2410c', '#22ee22'],
    ['red', '#22ee22'],
  ])('%j → %j', (c, hex) => expect(poiColor(c)).toBe(hex));
});
