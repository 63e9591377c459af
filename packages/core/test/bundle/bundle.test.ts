import { describe, expect, it } from 'vitest';
import {
  bundleMediaPaths,
  bundleMediaRefs,
  formatIssues,
  guideBundleSchema,
  type GuideBundleInput,
} from '../../src/index.js';

const base = (): GuideBundleInput => ({
  format: 'earshot-guide-bundle/1',
  guide: {
    token: 'g',
    title: 'G',
    city: { name: 'Austin', state: 'Texas' },
    splash: 'media/s.jpg',
    languages: [{ code: 'en', label: 'English' }],
  },
  layers: [{ key: 'art', name: 'Art' }],
  pois: [
    {
      token: 'p1',
      lat: 30,
      lng: -97,
      layer: 'art',
      keypad_code: 1,
      images: ['media/a.jpg', 'media/s.jpg'],
      content: { en: { title: 'One', audio: 'media/1.mp3' } },
    },
    { token: 'p2', lat: 30.1, lng: -97, keypad_code: 2, content: { en: { title: 'Two' } } },
  ],
  badges: [
    {
      token: 'b',
      name: 'B',
      levels: [{ token: 'b1', name: 'Bronze', required: 1, image: 'media/b1.png' }],
    },
  ],
  hunts: [
    {
      key: 'h',
      name: 'Hunt',
      challenges: [
        {
          key: 'c1',
          resourcetype: 'MultipleChoiceChallenge',
          title: 'Pick',
          poi: 'p1',
          options: [
            { key: 'a', value: 'A' },
            { key: 'b', value: 'B' },
          ],
        },
      ],
    },
  ],
});

const errorsOf = (b: unknown) => {
  const r = guideBundleSchema.safeParse(b);
  return r.success ? [] : formatIssues(r.error);
};

describe('guide bundle schema', () => {
  it('accepts a valid bundle and fills defaults', () => {
    const b = guideBundleSchema.parse(base());
    expect(b.guide.map_type).toBe('hybrid');
    expect(b.pois[1]!.images).toEqual([]);
    expect(b.hunts[0]!.challenges[0]!.correct_answers).toEqual([]);
  });

  it.each<[string, (b: GuideBundleInput) => void, string]>([
    ['a bad format', (b) => ((b as { format: string }).format = 'x'), '$.format: '],
    ['a bad token', (b) => (b.guide.token = 'a b'), '$.guide.token: '],
    [
      'a token of other characters, named as every token rule names them',
      (b) => (b.pois![0]!.token = 'p.1'),
      '$.pois[0].token: A token may hold only letters, digits, "-", "&" and "_"',
    ],
    [
      'a token longer than TOKEN_MAX',
      (b) => (b.pois![0]!.token = 'p'.repeat(121)),
      '$.pois[0].token: ',
    ],
    ['latitude out of range', (b) => (b.pois![0]!.lat = 91), '$.pois[0].lat: '],
    ['a colour with #', (b) => (b.pois![0]!.color = '#aabbcc'), '$.pois[0].color: '],
    ['an unknown layer', (b) => (b.pois![1]!.layer = 'x'), '$.pois[1].layer: unknown layer "x"'],
    [
      'a duplicate POI token',
      (b) => (b.pois![1]!.token = 'p1'),
      '$.pois[1].token: duplicate POI token "p1"',
    ],
    [
      'a duplicate keypad code',
      (b) => (b.pois![1]!.keypad_code = 1),
      '$.pois[1].keypad_code: duplicate keypad code 1',
    ],
    [
      'a missing language',
      (b) => (b.guide.languages = [...b.guide.languages!, { code: 'es', label: 'Español' }]),
      '$.pois[0].content: missing language "es"',
    ],
    ['an absolute media path', (b) => (b.guide.splash = '/etc/passwd'), '$.guide.splash: '],
    ['a media path with ..', (b) => (b.pois![0]!.images = ['../x.jpg']), '$.pois[0].images[0]: '],
    [
      'a challenge on an unknown POI',
      (b) => (b.hunts![0]!.challenges[0]!.poi = 'zz'),
      '$.hunts[0].challenges[0].poi: unknown POI "zz"',
    ],
    [
      'a multiple choice with one option',
      (b) => (b.hunts![0]!.challenges[0]!.options = [{ key: 'a', value: 'A' }]),
      '$.hunts[0].challenges[0].options: ',
    ],
    ['an unknown field', (b) => ((b.guide as Record<string, unknown>).colour = 'red'), '$.guide: '],
    [
      'a badge counting visits of nothing in the guide',
      (b) => (b.badges![0]!.visited_item = 'nowhere'),
      '$.badges[0].visited_item: badge "b" counts visits of "nowhere", which is neither a POI token nor a layer key of this guide',
    ],
    ['a badge without levels', (b) => (b.badges![0]!.levels = []), '$.badges[0].levels: '],
    [
      'more alt texts than images',
      (b) => (b.pois![0]!.image_alts = ['One', 'Two', 'Three']),
      '$.pois[0].image_alts: 3 alt texts for 2 images',
    ],
    [
      'an alt text past 500 characters',
      (b) => (b.pois![0]!.image_alts = ['x'.repeat(501)]),
      '$.pois[0].image_alts[0]: ',
    ],
    [
      'required points beyond the database integer range',
      (b) => (b.badges![0]!.levels[0]!.required = 3e9),
      '$.badges[0].levels[0].required: ',
    ],
  ])('refuses %s, naming the JSON path', (_name, edit, prefix) => {
    const b = base();
    edit(b);
    expect(errorsOf(b)).toEqual(expect.arrayContaining([expect.stringContaining(prefix)]));
  });

  it.each([['p1'], ['art'], [' art '], ['']])(
    'accepts a badge whose visited_item is a POI token, a layer key or blank (%j)',
    (item) => {
      const b = base();
      b.badges![0]!.visited_item = item;
      expect(errorsOf(b)).toEqual([]);
    },
  );

  it.each([[['A sculpture', '']], [['Only the first']], [[]]])(
    'accepts alt texts beside the images (%j)',
    (alts) => {
      const b = base();
      b.pois![0]!.image_alts = alts;
      expect(errorsOf(b)).toEqual([]);
      expect(guideBundleSchema.parse(b).pois[0]!.image_alts).toEqual(alts);
    },
  );

  it('lists every media file with the path that names it', () => {
    const b = guideBundleSchema.parse(base());
    expect(bundleMediaRefs(b)).toEqual([
      { at: '$.guide.splash', path: 'media/s.jpg' },
      { at: '$.pois[0].images[0]', path: 'media/a.jpg' },
      { at: '$.pois[0].images[1]', path: 'media/s.jpg' },
      { at: '$.pois[0].content.en.audio', path: 'media/1.mp3' },
      { at: '$.badges[0].levels[0].image', path: 'media/b1.png' },
    ]);
    expect(bundleMediaPaths(b)).toEqual([
      'media/1.mp3',
      'media/a.jpg',
      'media/b1.png',
      'media/s.jpg',
    ]);
  });
});
