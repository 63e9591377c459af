import { describe, expect, it } from 'vitest';
import {
  galleryAlt,
  initialPoiDetailTab,
  localizePoi,
  poiDetailHasClose,
  poiDetailTabs,
  transcriptParagraphs,
  type Poi,
} from '../../src/index.js';

const poi = (over: Partial<Pick<Poi, 'challenge' | 'hide_directions' | 'audio_url'>> = {}) => ({
  challenge: null,
  hide_directions: false,
  audio_url: '/a.mp3',
  ...over,
});

describe('poiDetailTabs', () => {
  it.each([
    ['a plain POI with audio', poi(), ['description', 'gallery', 'transcript', 'directions']],
    [
      'a challenge POI',
      poi({ challenge: 3 }),
      ['description', 'gallery', 'challenge', 'transcript', 'directions'],
    ],
    ['hide_directions', poi({ hide_directions: true }), ['description', 'gallery', 'transcript']],
    [
      'no audio: nothing to transcribe',
      poi({ audio_url: null }),
      ['description', 'gallery', 'directions'],
    ],
    [
      'challenge id 0 still counts',
      poi({ challenge: 0, audio_url: null, hide_directions: true }),
      ['description', 'gallery', 'challenge'],
    ],
  ])('%s', (_name, p, tabs) => expect(poiDetailTabs(p)).toEqual(tabs));
});

describe('poiDetailHasClose', () => {
  it.each([
    ['compact', true],
    ['modal', true],
    ['full', false],
  ] as const)('%s → %s', (layout, close) => expect(poiDetailHasClose(layout)).toBe(close));
});

describe('initialPoiDetailTab', () => {
  it.each([
    ['no challenge → description', poi(), true, null, 'description'],
    ['active challenge → challenge', poi({ challenge: 1 }), true, null, 'challenge'],
    ['answered challenge → description', poi({ challenge: 1 }), false, null, 'description'],
    ['a requested tab wins', poi({ challenge: 1 }), true, 'transcript', 'transcript'],
    [
      'a requested tab the POI lacks is ignored',
      poi({ audio_url: null }),
      true,
      'transcript',
      'description',
    ],
    [
      'requested directions on a hide_directions POI falls back',
      poi({ hide_directions: true, challenge: 2 }),
      true,
      'directions',
      'challenge',
    ],
  ] as const)('%s', (_name, p, active, requested, tab) =>
    expect(initialPoiDetailTab(p, active, requested)).toBe(tab),
  );
});

describe('galleryAlt', () => {
  it.each([
    ['the title without a written alt', undefined, 'Heron at Rest, picture 2 of 3'],
    ['the title for a blank one', '  ', 'Heron at Rest, picture 2 of 3'],
    ["the publisher's alt text", 'A heron on one leg', 'A heron on one leg, picture 2 of 3'],
  ])('names the picture by %s and its place in the set', (_, written, alt) =>
    expect(galleryAlt('Heron at Rest', 1, 3, written)).toBe(alt),
  );
});

describe('transcriptParagraphs', () => {
  const long =
    'One is a sentence of some length here. Two follows it closely. Three ends the first. Four starts anew! Five? Six.';
  it.each([
    ['null', null, 320, []],
    ['blank', '  \n\n ', 320, []],
    ['short text stays one paragraph', 'Hello there. Bye.', 320, ['Hello there. Bye.']],
    [
      'author breaks are kept',
      'First part.\n\nSecond part.\nThird.',
      320,
      ['First part.', 'Second part.', 'Third.'],
    ],
    [
      'long runs are cut at sentence ends',
      long,
      70,
      [
        'One is a sentence of some length here. Two follows it closely.',
        'Three ends the first. Four starts anew! Five? Six.',
      ],
    ],
    [
      'a sentence longer than the size is not split',
      'A very long sentence without a break',
      10,
      ['A very long sentence without a break'],
    ],
    ['whitespace is tidied', '  Spaced    out.  ', 320, ['Spaced out.']],
    [
      'closing quotes stay with their sentence',
      '“Look.” Then go. And more.',
      20,
      ['“Look.” Then go.', 'And more.'],
    ],
  ] as const)('%s', (_name, text, size, out) =>
    expect(transcriptParagraphs(text, size)).toEqual(out),
  );
});

describe('localizePoi carries the transcript of the visit language', () => {
  const base = {
    title: 'Heron',
    subtitle: null,
    description: '<p>en</p>',
    audio_url: '/en.mp3',
    audio: '/en.mp3',
    audio2: null,
    transcript: 'English words.',
    language: 'en',
    translations: {
      es: {
        title: 'Garza',
        subtitle: null,
        description: '<p>es</p>',
        audio_url: '/es.mp3',
        audio2: null,
        transcript: 'Palabras.',
      },
      fr: {
        title: 'Héron',
        subtitle: null,
        description: '<p>fr</p>',
        audio_url: '/fr.mp3',
        audio2: null,
        transcript: null,
      },
    },
  } as unknown as Poi;
  it.each([
    ['es', 'Palabras.'],
    ['fr', null],
    ['de', 'English words.'],
    [null, 'English words.'],
  ])('%s → %s', (lang, transcript) => expect(localizePoi(base, lang).transcript).toBe(transcript));
});
