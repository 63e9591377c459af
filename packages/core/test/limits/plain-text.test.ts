import { describe, expect, it } from 'vitest';
import {
  createGuideSchema,
  draftProblems,
  formatIssues,
  guideBundleJsonSchema,
  guideBundleSchema,
  PLAIN_TEXT_PATTERN,
  plainTextMarkup,
  plainTextProblem,
  type GuideBundleInput,
} from '../../src/index.js';

describe('plainTextMarkup: what an HTML parser would read as markup', () => {
  it.each<[string, string | null]>([
    // Text: a "<" before anything but a letter, "/", "!" or "?" is text to the parser.
    ['Old Town Walk', null],
    ['', null],
    ['a < b', null],
    ['5 <3', null],
    ['<= 10 minutes', null],
    ['<- back to the river', null],
    ['x <', null],
    ['<<>>', null],
    ['< meta http-equiv="refresh">', null],
    ['Rock & Roll > Jazz', null],
    ['&lt;meta http-equiv="refresh"&gt;', null],
    ['＜script＞window.__xss=11＜/script＞', null],
    ['\\u003cimg src=x onerror=1\\u003e', null],
    ['<é>', null],
    ['{{constructor.constructor("x")()}}', null],
    // Markup: tags, end tags, comments, doctypes and processing instructions.
    ['<meta http-equiv="refresh" content="0;url=https://evil.example/">', '<meta'],
    ['<img src=x onerror="window.__xss=2">', '<img'],
    ['<a href="https://evil.example/">tap</a>', '<a'],
    ['<style>body{display:none}</style>', '<style>'],
    ['Art & <b>"Walks"</b>', '<b>'],
    ['a<b', '<b'],
    ['"><img src=x onerror=window.__xss=5>', '<img'],
    ['</textarea></title>', '</textarea>'],
    ['</ x>', '</'],
    ['<!-- hidden -->', '<!--'],
    ['<!DOCTYPE html>', '<!DOCTYPE'],
    ['<?xml version="1.0"?>', '<?xml'],
    ['<SCRIPT>x()</SCRIPT>', '<SCRIPT>'],
    ['Stop 1\n<svg onload=x>', '<svg'],
  ])('%j → %j', (value, markup) => {
    expect(plainTextMarkup(value)).toBe(markup);
    expect(PLAIN_TEXT_PATTERN.test(value)).toBe(markup === null);
    expect(plainTextProblem(value) === null).toBe(markup === null);
  });

  it('names the markup and what may stand instead', () => {
    expect(plainTextProblem('<meta http-equiv="refresh" content="0;url=x">')).toBe(
      'Plain text only: "<meta" would be HTML markup here (a "<" may stand before a space or a digit, as in "a < b").',
    );
  });

  it('reads a long text in linear time', () => {
    const long = 'a < '.repeat(25_000);
    const t = performance.now();
    expect(PLAIN_TEXT_PATTERN.test(long)).toBe(true);
    expect(performance.now() - t).toBeLessThan(200);
  });
});

const META = '<meta http-equiv="refresh" content="0;url=https://evil.example/">';

const bundle = (): GuideBundleInput => ({
  format: 'earshot-guide-bundle/1',
  guide: {
    token: 'g',
    title: 'G',
    city: { name: 'Austin', state: 'Texas' },
    languages: [{ code: 'en', label: 'English' }],
  },
  layers: [{ key: 'art', name: 'Art' }],
  pois: [
    {
      token: 'p1',
      lat: 30,
      lng: -97,
      images: ['media/a.jpg'],
      beacon: { uuid: 'u', major: 1, minor: 1 },
      content: { en: { title: 'One' } },
    },
  ],
  badges: [{ token: 'b', name: 'B', levels: [{ token: 'b1', name: 'Bronze', required: 1 }] }],
  hunts: [
    {
      key: 'h',
      name: 'Hunt',
      challenges: [
        {
          key: 'c1',
          resourcetype: 'MultipleChoiceChallenge',
          title: 'Pick',
          options: [
            { key: 'a', value: 'A' },
            { key: 'b', value: 'B' },
          ],
          correct_answers: [{ value: 'A' }],
        },
      ],
    },
  ],
});

/** Every plain-text field of guide.json (SPEC §3: all but the descriptions, HTML, and the theme). */
const PLAIN_FIELDS: [string, (b: GuideBundleInput, v: string) => void][] = [
  ['$.guide.title', (b, v) => (b.guide.title = v)],
  ['$.guide.city.name', (b, v) => (b.guide.city.name = v)],
  ['$.guide.city.state', (b, v) => (b.guide.city.state = v)],
  ['$.guide.languages[0].label', (b, v) => (b.guide.languages![0]!.label = v)],
  ['$.guide.photo_share_hashtag', (b, v) => (b.guide.photo_share_hashtag = v)],
  ['$.guide.photo_share_text', (b, v) => (b.guide.photo_share_text = v)],
  ['$.layers[0].name', (b, v) => (b.layers![0]!.name = v)],
  ['$.layers[0].icon', (b, v) => (b.layers![0]!.icon = v)],
  ['$.pois[0].icon', (b, v) => (b.pois![0]!.icon = v)],
  ['$.pois[0].route_type', (b, v) => (b.pois![0]!.route_type = v)],
  ['$.pois[0].image_alts[0]', (b, v) => (b.pois![0]!.image_alts = [v])],
  ['$.pois[0].beacon.uuid', (b, v) => (b.pois![0]!.beacon!.uuid = v)],
  ['$.pois[0].content.en.title', (b, v) => (b.pois![0]!.content.en!.title = v)],
  ['$.pois[0].content.en.subtitle', (b, v) => (b.pois![0]!.content.en!.subtitle = v)],
  ['$.pois[0].content.en.transcript', (b, v) => (b.pois![0]!.content.en!.transcript = v)],
  ['$.badges[0].name', (b, v) => (b.badges![0]!.name = v)],
  ['$.badges[0].message', (b, v) => (b.badges![0]!.message = v)],
  ['$.badges[0].visited_item', (b, v) => (b.badges![0]!.visited_item = v)],
  ['$.badges[0].levels[0].name', (b, v) => (b.badges![0]!.levels[0]!.name = v)],
  ['$.hunts[0].name', (b, v) => (b.hunts![0]!.name = v)],
  ['$.hunts[0].subtitle', (b, v) => (b.hunts![0]!.subtitle = v)],
  ['$.hunts[0].challenges[0].title', (b, v) => (b.hunts![0]!.challenges[0]!.title = v)],
  ['$.hunts[0].challenges[0].subtitle', (b, v) => (b.hunts![0]!.challenges[0]!.subtitle = v)],
  ['$.hunts[0].challenges[0].icon', (b, v) => (b.hunts![0]!.challenges[0]!.icon = v)],
  [
    '$.hunts[0].challenges[0].challenge_set',
    (b, v) => (b.hunts![0]!.challenges[0]!.challenge_set = v),
  ],
  [
    '$.hunts[0].challenges[0].options[0].value',
    (b, v) => (b.hunts![0]!.challenges[0]!.options![0]!.value = v),
  ],
  [
    '$.hunts[0].challenges[0].correct_answers[0].value',
    (b, v) => (b.hunts![0]!.challenges[0]!.correct_answers![0]!.value = v),
  ],
];

const MESSAGE = plainTextProblem(META)!;

describe('the bundle schema: plain-text fields refuse markup, HTML fields keep it', () => {
  it('the fixture is valid as it is', () => {
    expect(guideBundleSchema.safeParse(bundle()).success).toBe(true);
  });

  it.each(PLAIN_FIELDS)('%s refuses markup, naming the field (importer and studio)', (at, set) => {
    const b = bundle();
    set(b, META);
    const r = guideBundleSchema.safeParse(b);
    expect(r.success).toBe(false);
    // The importer's line and the studio's problem at the field say the same.
    expect(formatIssues(r.error!)).toContain(`${at}: ${MESSAGE}`);
    expect(draftProblems(b)).toContainEqual({ path: at, message: MESSAGE });
  });

  it.each(PLAIN_FIELDS)('%s takes a "<" that is text ("a < b")', (at, set) => {
    const b = bundle();
    // The badge counts visits of a POI token; the other fields take any text.
    set(b, at.endsWith('visited_item') ? 'p1' : 'Walk <3 a < b');
    expect(draftProblems(b)).toEqual([]);
  });

  it.each<[string, (b: GuideBundleInput, v: string) => void]>([
    ['$.guide.description', (b, v) => (b.guide.description = v)],
    ['$.pois[0].content.en.description', (b, v) => (b.pois![0]!.content.en!.description = v)],
    ['$.hunts[0].description', (b, v) => (b.hunts![0]!.description = v)],
    [
      '$.hunts[0].challenges[0].description',
      (b, v) => (b.hunts![0]!.challenges[0]!.description = v),
    ],
  ])('%s is HTML and keeps its markup (sanitised where shown)', (_, set) => {
    const b = bundle();
    set(b, `<p><strong>Bold</strong> ${META}</p>`);
    expect(guideBundleSchema.safeParse(b).success).toBe(true);
  });

  it('every string of guide.json but the descriptions and the theme has a pattern that refuses "<b>"', () => {
    const unchecked: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const n = node as Record<string, unknown>;
      const free = n.type === 'string' && !('enum' in n) && !('const' in n);
      if (free && !at.endsWith('.description') && !at.includes('.theme')) {
        const pattern = typeof n.pattern === 'string' ? new RegExp(n.pattern) : null;
        if (!pattern || pattern.test('<b>')) unchecked.push(at);
      }
      for (const [k, v] of Object.entries(n)) walk(v, `${at}.${k}`);
    };
    walk(guideBundleJsonSchema(), '$');
    expect(unchecked).toEqual([]);
  });
});

describe("the studio's new guide", () => {
  it.each([
    ['title', { title: META }],
    ['city.name', { city: { name: META, state: 'Texas' } }],
    ['city.state', { city: { name: 'Austin', state: '<b>Texas</b>' } }],
    ['language.label', { language: { code: 'en', label: '<i>English</i>' } }],
  ])('refuses markup in its %s', (at, change) => {
    const r = createGuideSchema.safeParse({
      organisation_id: 1,
      title: 'Walk',
      city: { name: 'Austin', state: 'Texas' },
      ...change,
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual([at]);
    expect(r.error!.issues[0]!.message).toMatch(/^Plain text only: "</);
  });

  it('takes a title with a "<" that is text', () => {
    expect(
      createGuideSchema.safeParse({
        organisation_id: 1,
        title: 'Walk < 2 km',
        city: { name: 'Austin', state: 'Texas' },
      }).success,
    ).toBe(true);
  });
});
