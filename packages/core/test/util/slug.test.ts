import { describe, expect, it } from 'vitest';
import { freeSlug, guideSlug, SLUG_PATTERN, slugify, slugOf } from '../../src/index.js';

// One slug rule (util/slug.ts) for a guide's proposed token, an organisation's address name and
// a CSV file's name (csv.test.ts).

describe('slugOf', () => {
  it.each<[string, { max?: number; fallback: string }, string]>([
    ['Old Town Walk', { fallback: 'x' }, 'old-town-walk'],
    ['Café Walk: Old Town', { fallback: 'x' }, 'cafe-walk-old-town'],
    ['Straße, Ærø, Œuvre, Søndre', { fallback: 'x' }, 'strasse-aero-oeuvre-sondre'],
    ['ﬁve ＡＢＣ ①', { fallback: 'x' }, 'five-abc-1'],
    ['  --Hello__World--  ', { fallback: 'x' }, 'hello-world'],
    ['東京', { fallback: 'guide' }, 'guide'],
    ['', { fallback: 'table' }, 'table'],
    ['a'.repeat(100), { fallback: 'x' }, 'a'.repeat(100)],
    ['a'.repeat(100), { max: 60, fallback: 'x' }, 'a'.repeat(60)],
    // Cut at `max` with no "-" left at its end; what leads is dropped before the cut.
    ['abc def', { max: 4, fallback: 'x' }, 'abc'],
    [`!!${'a'.repeat(60)}`, { max: 60, fallback: 'x' }, 'a'.repeat(60)],
    ['!!!', { max: 4, fallback: 'organisation' }, 'organisation'],
  ])('%j %j → %j', (text, how, slug) => {
    expect(slugOf(text, how)).toBe(slug);
    expect(SLUG_PATTERN.test(slug)).toBe(true);
  });
});

describe('guideSlug', () => {
  it.each([
    ['Old Town Walk', 'old-town-walk'],
    ['Café Walk: Old Town', 'cafe-walk-old-town'],
    ['  --Hello__World--  ', 'hello-world'],
    ['Straße & Ærø', 'strasse-aero'],
    ['Sculpture Walk 2024!', 'sculpture-walk-2024'],
    ['東京', 'guide'],
    ['', 'guide'],
    ['a'.repeat(100), 'a'.repeat(60)],
    [`${'a'.repeat(59)} b`, 'a'.repeat(59)],
  ])('%j → %j', (title, slug) => {
    expect(guideSlug(title)).toBe(slug);
  });
});

describe('freeSlug', () => {
  it.each([
    ['walk', [], 'walk'],
    ['walk', ['walk'], 'walk-2'],
    ['walk', ['walk', 'walk-2', 'walk-3'], 'walk-4'],
    ['a'.repeat(60), ['a'.repeat(60)], `${'a'.repeat(58)}-2`],
    // Cut before its number, a base keeps no "-" of its own at the end.
    [`${'a'.repeat(57)}-bb`, [`${'a'.repeat(57)}-bb`], `${'a'.repeat(57)}-2`],
  ])('%s with %j taken → %s', (base, taken, free) => {
    expect(freeSlug(base, new Set(taken))).toBe(free);
  });
});

describe('slugify', () => {
  it.each([
    ['Museum of Sound', 'museum-of-sound'],
    ['  Café Müller & Söhne ', 'cafe-muller-sohne'],
    ['!!!', 'organisation'],
    ['a'.repeat(80), 'a'.repeat(50)],
    ['Kunsthalle Straße', 'kunsthalle-strasse'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});
