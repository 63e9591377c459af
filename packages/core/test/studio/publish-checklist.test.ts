import { describe, expect, it } from 'vitest';
import {
  checklistByLanguage,
  emptyDraft,
  pathTarget,
  publishChecklist,
  draftStopName,
  type DraftStop,
  type GuideBundleInput,
} from '../../src/index.js';

const AUDIO = 'media/aaaa.mp3';
const PIC = 'media/bbbb.jpg';

/** A stop with everything a visitor needs, in English, at `lat`, `lng`, unless `patch` says otherwise. */
const full = (n: number, patch: Partial<DraftStop> = {}): DraftStop => ({
  token: `s${n}`,
  lat: 45.5 + n * 0.001,
  lng: -122.6,
  keypad_code: 100 + n,
  images: [PIC],
  image_alts: ['A bronze deer'],
  content: {
    en: { title: `Work ${n}`, description: '<p>Bronze.</p>', audio: AUDIO, transcript: 'Hello.' },
  },
  ...patch,
});

const guide = (pois: DraftStop[], patch: Partial<GuideBundleInput['guide']> = {}) => {
  const doc = emptyDraft({ token: 'g', title: 'G', city: { name: 'Portland', state: 'Oregon' } });
  return { ...doc, guide: { ...doc.guide, ...patch }, pois };
};

const kinds = (doc: GuideBundleInput) =>
  publishChecklist(doc).map((i) => [i.kind, i.stop, i.path, i.language]);

describe('publishChecklist', () => {
  it.each<[string, GuideBundleInput, (string | number | null)[][]]>([
    ['a complete guide has nothing to say', guide([full(1), full(2), full(3)]), []],
    ['no stops, nothing to warn of', guide([]), []],
    [
      'no audio: the transcript is not asked for',
      guide([full(1, { content: { en: { title: 'A', description: 'x' } } })]),
      [['no-audio', 0, '$.pois[0].content.en.audio', 'en']],
    ],
    [
      'audio without a transcript (blank counts as none)',
      guide([
        full(1, {
          content: { en: { title: 'A', description: 'x', audio: AUDIO, transcript: ' ' } },
        }),
      ]),
      [['no-transcript', 0, '$.pois[0].content.en.transcript', 'en']],
    ],
    [
      'a description of empty markup is none',
      guide([
        full(1, {
          content: {
            en: { title: 'A', description: '<p>&nbsp;</p>', audio: AUDIO, transcript: 't' },
          },
        }),
      ]),
      [['no-description', 0, '$.pois[0].content.en.description', 'en']],
    ],
    [
      'no picture; a picture without alt text names its field',
      guide([
        full(1, { images: [], image_alts: [] }),
        full(2, { images: [PIC, PIC], image_alts: ['Deer'] }),
      ]),
      [
        ['no-picture', 0, '$.pois[0].images', null],
        ['no-alt', 1, '$.pois[1].image_alts[1]', null],
      ],
    ],
    [
      'a keypad guide asks every stop for a code',
      guide([full(1, { keypad_code: undefined })], { has_keypad: true }),
      [['no-keypad-code', 0, '$.pois[0].keypad_code', null]],
    ],
    ['no keypad: no code is asked for', guide([full(1, { keypad_code: undefined })]), []],
    [
      'a stop far from all the others (a mistyped coordinate)',
      guide([full(1), full(2), full(3), full(4, { lat: 44.5 })]),
      [['far-away', 3, '$.pois[3].lat', null]],
    ],
    [
      'a spread-out trail is not far away',
      guide([
        full(1, { lat: 45.5 }),
        full(2, { lat: 45.6 }),
        full(3, { lat: 45.7 }),
        full(4, { lat: 45.8 }),
      ]),
      [],
    ],
    [
      'two autoplay circles that overlap, named once at the first',
      guide([
        full(1, { lat: 45.5, radii: { autoplay_radius: 40 } }),
        full(2, { lat: 45.5005, radii: { autoplay_radius: 30 } }),
        full(3, { lat: 45.51 }),
      ]),
      [['zones-overlap', 0, '$.pois[0].radii.autoplay_radius', null]],
    ],
    [
      'autoplay off overlaps nothing',
      guide([full(1, { lat: 45.5, radii: { autoplay_radius: 0 } }), full(2, { lat: 45.5001 })]),
      [],
    ],
  ])('%s', (_name, doc, expected) => {
    expect(kinds(doc)).toEqual(expected);
  });

  it('per language of a guide with several, naming the language', () => {
    const doc = guide(
      [full(1, { content: { ...full(1).content, es: { title: 'Obra 1', audio: AUDIO } } })],
      {
        languages: [
          { code: 'en', label: 'English' },
          { code: 'es', label: 'Español' },
        ],
      },
    );
    const items = publishChecklist(doc);
    expect(items.map((i) => i.message)).toEqual([
      '“Work 1” has audio without a transcript in es: visitors who cannot hear it get nothing.',
      '“Work 1” has no description in es.',
    ]);
    expect(checklistByLanguage(items, ['en', 'es']).map((g) => g.language)).toEqual(['es']);
  });

  it('says each warning in plain words', () => {
    const doc = guide(
      [
        full(1, { lat: 45.5, radii: { autoplay_radius: 40 } }),
        full(2, { lat: 45.5005, images: [], content: { en: { title: '' } } }),
        full(3, { lat: 45.51 }),
        full(4, { lat: 45.52, keypad_code: undefined, image_alts: [] }),
        full(5, { lat: 45.53 }),
        full(6, { lat: 46.5 }),
      ],
      { has_keypad: true },
    );
    expect(publishChecklist(doc).map((i) => i.message)).toEqual([
      '“Work 1”’s autoplay circle overlaps Stop 2’s: both may start at once.',
      'Stop 2 has no audio.',
      'Stop 2 has no description.',
      'Stop 2 has no picture.',
      '“Work 4”’s picture has no alt text.',
      '“Work 4” has no keypad code: visitors cannot type it.',
      '“Work 6” is 110 km from the other stops: check its coordinates.',
    ]);
  });

  it('compares 1,000 stops by their neighbours only, and finds the one overlap', () => {
    const pois = Array.from({ length: 1000 }, (_, i) => full(i, { lat: 45 + i * 0.01 }));
    pois[500] = full(500, { lat: pois[499]!.lat + 0.0002 });
    const started = performance.now();
    const found = publishChecklist(guide(pois)).filter((i) => i.kind === 'zones-overlap');
    expect(found.map((i) => i.stop)).toEqual([499]);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('dates that hide every stop', () => {
  const summer = { on_view_from: '2026-06-01', on_view_until: '2026-10-31' };
  const none = (doc: GuideBundleInput, day?: string) =>
    publishChecklist(doc, day).filter((i) => i.kind === 'none-on-view');
  it.each<[string, DraftStop[], string | undefined, number]>([
    ['every stop gone', [full(1, summer), full(2, summer)], '2026-11-01', 1],
    ['every stop not yet there', [full(1, summer), full(2, summer)], '2026-05-31', 1],
    ['one stop on view', [full(1, summer), full(2, summer)], '2026-10-31', 0],
    ['one stop without dates', [full(1, summer), full(2)], '2026-11-01', 0],
    ['no day given, no date check', [full(1, summer)], undefined, 0],
    ['no stops', [], '2026-11-01', 0],
  ])('%s', (_, pois, day, count) => expect(none(guide(pois), day)).toHaveLength(count));

  it('says so in words, at the first stop’s dates', () => {
    expect(none(guide([full(1, summer)]), '2026-11-01')).toEqual([
      {
        kind: 'none-on-view',
        path: '$.pois[0].on_view_from',
        language: null,
        stop: 0,
        message:
          'On November 1, 2026 no stop is on view: their dates leave visitors an empty guide.',
      },
    ]);
  });
});

describe('checklistByLanguage', () => {
  it('groups by the guide’s languages in order, then what all share', () => {
    const items = publishChecklist(
      guide([full(1, { images: [], content: { en: { title: 'A' } } })]),
    );
    expect(checklistByLanguage(items, ['en']).map((g) => [g.language, g.items.length])).toEqual([
      ['en', 2],
      [null, 1],
    ]);
  });
});

describe('draftStopName', () => {
  it.each<[DraftStop['content'], string]>([
    [{ en: { title: 'Deer' } }, '“Deer”'],
    [{ en: { title: ' ' }, es: { title: 'Ciervo' } }, '“Ciervo”'],
    [{ en: { title: '' } }, 'Stop 4'],
  ])('%j → %s', (content, name) => {
    expect(draftStopName({ ...full(1), content }, 3, ['en'])).toBe(name);
  });
});

describe('pathTarget', () => {
  it.each([
    ['$.pois[3].content.es.audio', { stop: 3, language: 'es' }],
    ['$.pois[12].image_alts[0]', { stop: 12, language: null }],
    ['$.guide.title', { stop: null, language: null }],
  ])('%s', (path, target) => {
    expect(pathTarget(path)).toEqual(target);
  });
});
