import { describe, expect, it } from 'vitest';
import {
  defaultSignPaper,
  fitText,
  normalizeSignCode,
  PAPER_POINTS,
  scanToListen,
  signCode,
  signContents,
  signPages,
  signSheetSummary,
  signSlots,
  wrapText,
  SIGN_CODE_ALPHABET,
  SIGN_CODE_LENGTH,
  type GuideBundleInput,
  type SignPaper,
  type SignsPerPage,
} from '../../src/index.js';

describe('signCode', () => {
  it.each([
    [[0, 0, 0, 0, 0, 0], '000000'],
    [[31, 30, 29, 28, 27, 26], 'ZYXWVT'],
    // Only the low five bits count: 32 is 0, 255 is 31.
    [[32, 255, 10, 18, 1, 2, 99], '0ZAJ12'],
  ])('%j → %s', (bytes, code) => {
    expect(signCode(bytes)).toBe(code);
  });

  it('needs a byte per character', () => {
    expect(() => signCode([1, 2, 3])).toThrow(RangeError);
  });

  it('never uses I, L, O or U', () => {
    expect(SIGN_CODE_ALPHABET).toHaveLength(32);
    expect(SIGN_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });
});

describe('normalizeSignCode', () => {
  it.each([
    ['K7M2QX', 'K7M2QX'],
    ['k7m2qx', 'K7M2QX'],
    ['  k7m-2qx ', 'K7M2QX'],
    ['K7M 2QX', 'K7M2QX'],
    // Read off a sign by eye: O is zero, I and L are one.
    ['OIL234', '011234'],
    ['K7M2Q', null],
    ['K7M2QXX', null],
    // U is not in the alphabet; nor is anything but letters and digits.
    ['K7M2QU', null],
    ['K7M2Q!', null],
    ['', null],
  ])('%j → %j', (input, code) => {
    expect(normalizeSignCode(input)).toBe(code);
  });

  it('takes every code signCode makes', () => {
    for (let i = 0; i < 200; i++) {
      const bytes = Array.from({ length: SIGN_CODE_LENGTH }, (_, j) => (i * 7 + j * 13) % 256);
      const code = signCode(bytes);
      expect(normalizeSignCode(code)).toBe(code);
    }
  });
});

describe('signSlots', () => {
  const cases: [SignPaper, SignsPerPage, number, 'portrait' | 'landscape'][] = [
    ['a4', 1, 1, 'portrait'],
    ['a4', 2, 2, 'landscape'],
    ['a4', 4, 4, 'portrait'],
    ['letter', 1, 1, 'portrait'],
    ['letter', 2, 2, 'landscape'],
    ['letter', 4, 4, 'portrait'],
  ];
  it.each(cases)('%s, %i a page: %i slots, %s', (paper, perPage, count, shape) => {
    const slots = signSlots(paper, perPage, 20);
    const page = PAPER_POINTS[paper];
    expect(slots).toHaveLength(count);
    for (const s of slots) {
      // Inside the margins, and the shape asked.
      expect(s.x).toBeGreaterThanOrEqual(20 - 1e-9);
      expect(s.y).toBeGreaterThanOrEqual(20 - 1e-9);
      expect(s.x + s.width).toBeLessThanOrEqual(page.width - 20 + 1e-9);
      expect(s.y + s.height).toBeLessThanOrEqual(page.height - 20 + 1e-9);
      expect(s.width > s.height ? 'landscape' : 'portrait').toBe(shape);
    }
    // No two overlap, and each is 40 pt (a gutter) from its neighbour.
    for (let i = 0; i < slots.length; i++)
      for (let j = i + 1; j < slots.length; j++) {
        const a = slots[i]!;
        const b = slots[j]!;
        const apart =
          a.x + a.width + 40 <= b.x + 1e-9 ||
          b.x + b.width + 40 <= a.x + 1e-9 ||
          a.y + a.height + 40 <= b.y + 1e-9 ||
          b.y + b.height + 40 <= a.y + 1e-9;
        expect(apart).toBe(true);
      }
  });

  it('goes from the top down, left to right', () => {
    const [a, b, c, d] = signSlots('a4', 4);
    expect(a!.y).toBe(b!.y);
    expect(a!.x).toBeLessThan(b!.x);
    expect(c!.y).toBeLessThan(a!.y);
    expect(c!.x).toBe(a!.x);
    expect(d!.x).toBe(b!.x);
  });
});

describe('signPages', () => {
  it.each([
    [0, 1, []],
    [3, 1, [1, 1, 1]],
    [3, 2, [2, 1]],
    [9, 4, [4, 4, 1]],
    [8, 4, [4, 4]],
  ] as [number, SignsPerPage, number[]][])('%i signs, %i a page → %j', (n, perPage, sizes) => {
    const signs = Array.from({ length: n }, (_, i) => i);
    const pages = signPages(signs, perPage);
    expect(pages.map((p) => p.length)).toEqual(sizes);
    expect(pages.flat()).toEqual(signs);
  });
});

describe('scanToListen', () => {
  it.each([
    ['en', 'Scan to listen'],
    ['es', 'Escanea para escuchar'],
    ['pt-BR', 'Leia para ouvir'],
    ['FR', 'Scannez pour écouter'],
    ['el', 'Σαρώστε για να ακούσετε'],
    // Not in the table: English rather than nothing.
    ['xx', 'Scan to listen'],
  ])('%s → %s', (lang, line) => {
    expect(scanToListen(lang)).toBe(line);
  });
});

describe('signContents', () => {
  const draft = (
    pois: { token: string; content: Record<string, { title: string }>; keypad_code?: number }[],
  ) =>
    ({
      guide: {
        token: 'walk',
        title: 'River Walk',
        city: { name: 'Portland', state: 'Oregon' },
        languages: [
          { code: 'en', label: 'English' },
          { code: 'es', label: 'Español' },
          { code: 'en-GB', label: 'British English' },
        ],
      },
      pois: pois.map((p) => ({ lat: 45.5, lng: -122.6, ...p })),
    }) as unknown as GuideBundleInput;

  const three = draft([
    { token: 'a', content: { en: { title: 'Gate' }, es: { title: 'Puerta' } }, keypad_code: 1 },
    { token: 'b', content: { en: { title: ' ' }, es: { title: 'Fuente' } } },
    { token: 'c', content: { en: { title: '' }, es: { title: '' } }, keypad_code: 3 },
  ]);

  it('makes one sign a stop in tour order, titled in the first language that has a title', () => {
    const made = signContents(three);
    expect(made).toEqual({
      ok: true,
      signs: [
        {
          stop: 'a',
          title: 'Gate',
          keypadCode: 1,
          guideTitle: 'River Walk',
          // en and en-GB read the same line: it is printed once.
          scanLines: ['Scan to listen', 'Escanea para escuchar'],
        },
        expect.objectContaining({ stop: 'b', title: 'Fuente', keypadCode: null }),
        expect.objectContaining({ stop: 'c', title: 'Stop 3', keypadCode: 3 }),
      ],
    });
  });

  it('keeps tour order for the stops named, and each once', () => {
    const made = signContents(three, ['c', 'a', 'c']);
    expect(made.ok && made.signs.map((s) => s.stop)).toEqual(['a', 'c']);
  });

  it.each([
    [['x'], 'This stop is not in the guide: x'],
    [['a', 'x', 'y'], 'These stops are not in the guide: x, y'],
  ])('refuses %j rather than printing fewer', (stops, message) => {
    expect(signContents(three, stops)).toEqual({
      ok: false,
      message,
      unknown: stops.filter((s) => s !== 'a'),
    });
  });

  it('refuses a guide without stops', () => {
    expect(signContents(draft([]))).toMatchObject({
      ok: false,
      message: 'The guide has no stops to make signs for',
    });
  });
});

describe('wrapText', () => {
  // One unit a character: easy to read.
  const measure = (s: string) => s.length;
  it.each([
    ['', 10, Infinity, []],
    ['Tidewater Gate', 20, Infinity, ['Tidewater Gate']],
    ['Tidewater Gate', 10, Infinity, ['Tidewater', 'Gate']],
    ['  Tidewater   Gate  ', 9, Infinity, ['Tidewater', 'Gate']],
    // A word longer than the line is cut.
    ['Supercalifragilistic', 8, Infinity, ['Supercal', 'ifragili', 'stic']],
    // Too many lines: the last one kept ends in an ellipsis, within the width.
    ['one two three four five', 9, 2, ['one two', 'three…']],
    ['aaaa bbbb cccc', 4, 1, ['aaa…']],
  ])('%j in %i, at most %s lines → %j', (text, width, max, lines) => {
    const got = wrapText(text, width, measure, max);
    expect(got).toEqual(lines);
    for (const l of got) expect(measure(l)).toBeLessThanOrEqual(width);
  });
});

describe('fitText', () => {
  const measure = (s: string, size: number) => (s.length * size) / 10;
  it.each([
    // 14 characters at 40 → 56 wide: fits one line of 60.
    ['Tidewater Gate', 60, 1, { size: 40, lines: ['Tidewater Gate'] }],
    // Two lines at the first size that allows it.
    ['Tidewater Gate', 40, 2, { size: 40, lines: ['Tidewater', 'Gate'] }],
    ['Tidewater Gate', 40, 1, { size: 28, lines: ['Tidewater Gate'] }],
    // Nothing fits: the smallest size, cut.
    ['Tidewater Gate and the River', 20, 1, { size: 20, lines: ['Tidewater…'] }],
  ])('%j in %i × %i lines', (text, width, lines, fit) => {
    expect(fitText(text, width, lines, [40, 28, 20], measure)).toEqual(fit);
  });
});

describe('defaultSignPaper', () => {
  it.each<[string[], SignPaper]>([
    [['en-US'], 'letter'],
    [['en-GB', 'en-US'], 'a4'],
    [['en'], 'letter'],
    [['es-MX'], 'letter'],
    [['es'], 'a4'],
    [['fr-CA'], 'letter'],
    [['fr'], 'a4'],
    [['de-DE'], 'a4'],
    [['ja'], 'a4'],
    [['fil'], 'letter'],
    [['not a tag', 'en-CA'], 'letter'],
    [[], 'a4'],
  ])('%j → %s', (locales, paper) => {
    expect(defaultSignPaper(locales)).toBe(paper);
  });
});

describe('signSheetSummary', () => {
  it.each<[number, SignsPerPage, string]>([
    [1, 1, '1 sign on 1 page'],
    [1, 4, '1 sign on 1 page'],
    [5, 4, '5 signs on 2 pages'],
    [8, 4, '8 signs on 2 pages'],
    [3, 2, '3 signs on 2 pages'],
    [500, 4, '500 signs on 125 pages'],
  ])('%d at %d a page → %s', (signs, perPage, text) => {
    expect(signSheetSummary(signs, perPage)).toBe(text);
  });
});
