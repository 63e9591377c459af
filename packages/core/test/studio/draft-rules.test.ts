import { describe, expect, it } from 'vitest';
import {
  bundleMediaPaths,
  guideBundleSchema,
  type GuideBundleInput,
} from '../../src/bundle/bundle.js';
import { emptyDraft } from '../../src/studio/draft.js';
import { draftStatus } from '../../src/contract/draft-api.js';
import {
  draftChanges,
  mapMediaPaths,
  previewDocument,
  previewPrefix,
  guideTokenOfDraftKey,
  unpublishedDraftKey,
} from '../../src/studio/draft-rules.js';
import { TOKEN_PATTERN } from '../../src/contract/params.js';

describe('unpublished drafts’ keys', () => {
  it.each([
    ['harbour-walk', 7, 'harbour-walk~7'],
    ['a_b&c', 12, 'a_b&c~12'],
    ['x'.repeat(120), 2147483647, `${'x'.repeat(120)}~2147483647`],
  ])('%s of organisation %s → %s, and back', (token, org, key) => {
    expect(unpublishedDraftKey(token, org)).toBe(key);
    expect(guideTokenOfDraftKey(key)).toBe(token);
    // No key is a token, so no draft of one organisation answers for another's token.
    expect(TOKEN_PATTERN.test(key)).toBe(false);
  });
  it("reads a published guide's key (its token) as the token", () =>
    expect(guideTokenOfDraftKey('riverfront-sculpture-walk')).toBe('riverfront-sculpture-walk'));
});

const doc = (): GuideBundleInput => ({
  ...emptyDraft({ token: 'walk', title: 'Walk', city: { name: 'Portland', state: 'Oregon' } }),
  layers: [{ key: 'art', name: 'Art' }],
  pois: [
    { token: 'p1', lat: 45, lng: -122, layer: 'art', content: { en: { title: 'One' } } },
    { token: 'p2', lat: 45.1, lng: -122, content: { en: { title: 'Two' } } },
  ],
  badges: [
    {
      token: 'b1',
      name: 'Art lover',
      visited_item: 'art',
      levels: [{ token: 'b1-gold', name: 'Gold', required: 2 }],
    },
    {
      token: 'b2',
      name: 'Stop two',
      visited_item: 'p2',
      levels: [{ token: 'l2', name: 'L', required: 1 }],
    },
  ],
  hunts: [
    {
      key: 'h',
      name: 'Hunt',
      challenges: [{ key: 'c', resourcetype: 'TextChallenge', title: 'Q', poi: 'p1' }],
    },
  ],
});

describe('draftChanges', () => {
  it.each<[string, (d: GuideBundleInput) => unknown, string[]]>([
    ['the same document', (d) => d, []],
    ['keys in another order', (d) => ({ hunts: d.hunts, ...d }), []],
    ['a title', (d) => ({ ...d, guide: { ...d.guide, title: 'New' } }), ['guide']],
    ['a moved stop', (d) => ({ ...d, pois: [{ ...d.pois![0]!, lat: 46 }, d.pois![1]] }), ['pois']],
    ['stops reordered', (d) => ({ ...d, pois: [...d.pois!].reverse() }), ['pois']],
    ['badges and hunts gone', (d) => ({ ...d, badges: [], hunts: undefined }), ['badges', 'hunts']],
    ['a missing list reads as empty', (d) => ({ ...d, layers: undefined }), ['layers']],
    ['not an object', () => 'text', ['guide', 'layers', 'pois', 'badges', 'hunts']],
  ])('%s', (_name, change, parts) => {
    expect(draftChanges(doc(), change(doc()))).toEqual(parts);
  });
  it('an absent list equals an empty one', () => {
    expect(draftChanges({ ...doc(), layers: [] }, { ...doc(), layers: undefined })).toEqual([]);
  });
});

describe('previewDocument', () => {
  const token = 'Abcdefghij0123456789-_abcdefghijABCDEFGHIJK';
  const prefix = previewPrefix(token);
  const preview = previewDocument(doc(), token);

  it('uses the preview token as the guide token', () => {
    expect(preview.guide.token).toBe(token);
    expect(prefix).toBe('pvAbcdefghij-');
  });
  it.each<[string, (d: GuideBundleInput) => unknown, unknown]>([
    ['layer key', (d) => d.layers![0]!.key, 'pvAbcdefghij-art'],
    ['POI token', (d) => d.pois![0]!.token, 'pvAbcdefghij-p1'],
    ["POI's layer", (d) => d.pois![0]!.layer, 'pvAbcdefghij-art'],
    ['POI without layer', (d) => d.pois![1]!.layer, undefined],
    ['badge token', (d) => d.badges![0]!.token, 'pvAbcdefghij-b1'],
    ['level token', (d) => d.badges![0]!.levels[0]!.token, 'pvAbcdefghij-b1-gold'],
    ['visited layer', (d) => d.badges![0]!.visited_item, 'pvAbcdefghij-art'],
    ['visited POI', (d) => d.badges![1]!.visited_item, 'pvAbcdefghij-p2'],
    ['hunt key', (d) => d.hunts![0]!.key, 'pvAbcdefghij-h'],
    ['challenge key', (d) => d.hunts![0]!.challenges[0]!.key, 'pvAbcdefghij-c'],
    ["challenge's POI", (d) => d.hunts![0]!.challenges[0]!.poi, 'pvAbcdefghij-p1'],
  ])('prefixes the %s', (_name, read, value) => {
    expect(read(preview)).toBe(value);
  });
  it('leaves the draft as it was and the preview valid', () => {
    expect(doc().pois![0]!.token).toBe('p1');
    expect(guideBundleSchema.safeParse(preview).success).toBe(true);
  });
  it('cuts and numbers tokens too long for the prefix, each one different', () => {
    const long = 'x'.repeat(120);
    const d = doc();
    d.pois![0]!.token = long;
    d.pois![1]!.token = `${long.slice(0, 119)}y`;
    d.hunts![0]!.challenges[0]!.poi = long;
    d.badges![1]!.visited_item = d.pois![1]!.token;
    const p = previewDocument(d, token);
    const [a, b] = p.pois!.map((x) => x.token);
    expect(a).toHaveLength(120);
    expect(b).toHaveLength(120);
    expect(a).not.toBe(b);
    expect(p.hunts![0]!.challenges[0]!.poi).toBe(a);
    expect(guideBundleSchema.safeParse(p).success).toBe(true);
  });
});

describe('draftStatus', () => {
  it.each([
    [1, null, 'draft'],
    [3, 3, 'published'],
    [4, 3, 'changed'],
    [2, 3, 'changed'],
  ] as const)('revision %d, published %s → %s', (revision, published, status) => {
    expect(draftStatus(revision, published)).toBe(status);
  });
});

describe('mapMediaPaths', () => {
  const withMedia = (): GuideBundleInput => {
    const d = doc();
    d.guide.splash = 'media/s.jpg';
    d.guide.audio = 'media/g.mp3';
    d.guide.images = ['media/a.jpg', 'media/b.jpg'];
    d.pois![0]!.images = ['media/a.jpg'];
    d.pois![0]!.content = { en: { title: 'One', audio: 'media/1.mp3', audio2: 'media/2.mp3' } };
    d.badges![0]!.image = 'media/badge.png';
    d.badges![0]!.levels[0]!.image = 'media/gold.png';
    return d;
  };
  it('maps every media path a bundle names and nothing else', () => {
    const mapped = mapMediaPaths(withMedia(), (p) => p.toUpperCase());
    const parsed = guideBundleSchema.parse(mapped);
    expect(bundleMediaPaths(parsed)).toEqual([
      'MEDIA/1.MP3',
      'MEDIA/2.MP3',
      'MEDIA/A.JPG',
      'MEDIA/B.JPG',
      'MEDIA/BADGE.PNG',
      'MEDIA/G.MP3',
      'MEDIA/GOLD.PNG',
      'MEDIA/S.JPG',
    ]);
    expect(mapped.pois![0]!.content.en!.title).toBe('One');
    expect(mapped.pois![1]!.images).toBeUndefined();
  });
  it('keeps absent media absent', () => {
    const mapped = mapMediaPaths(doc(), () => 'x');
    expect(mapped.guide.splash).toBeUndefined();
    expect(JSON.stringify(mapped)).not.toContain('"x"');
  });
});
