import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_THEMES,
  contrastRatio,
  EMPTY_THEME,
  guideBundleSchema,
  formatIssues,
  jsonPath,
  isThemeColor,
  meetsAA,
  parseThemeColor,
  resolveTheme,
  sanitizeTheme,
  themeContrastWarnings,
  themeProblems,
  themeSelectorProblem,
  themeValueProblem,
  type ThemeData,
} from '../../src/index.js';

const theme = (t: Partial<ThemeData>): ThemeData => ({ ...EMPTY_THEME, ...t });

describe('parseThemeColor', () => {
  it.each([
    ['#fff', { r: 255, g: 255, b: 255, a: 1 }],
    ['#0f5f73', { r: 15, g: 95, b: 115, a: 1 }],
    ['#00000080', { r: 0, g: 0, b: 0, a: 128 / 255 }],
    ['rgb(10, 20, 30)', { r: 10, g: 20, b: 30, a: 1 }],
    ['rgb(10 20 30 / 50%)', { r: 10, g: 20, b: 30, a: 0.5 }],
    ['rgba(100%,0%,0%,0.25)', { r: 255, g: 0, b: 0, a: 0.25 }],
    ['hsl(0, 100%, 50%)', { r: 255, g: 0, b: 0, a: 1 }],
    ['hsl(120deg 100% 25%)', { r: 0, g: 127.5, b: 0, a: 1 }],
    ['RebeccaPurple', { r: 102, g: 51, b: 153, a: 1 }],
    ['transparent', { r: 0, g: 0, b: 0, a: 0 }],
  ])('%s is a colour', (v, rgba) => {
    const c = parseThemeColor(v)!;
    expect(c.r).toBeCloseTo(rgba.r);
    expect(c.g).toBeCloseTo(rgba.g);
    expect(c.b).toBeCloseTo(rgba.b);
    expect(c.a).toBeCloseTo(rgba.a);
  });
  it.each([
    '#ff',
    '#gggggg',
    'rgb(1,2)',
    'rgb(var(--x), 1, 2)',
    'hsl(10%, 1%, 1%)',
    'notacolour',
    'red;',
    'url(x)',
    'currentColor',
    '',
  ])('%s is not', (v) => expect(parseThemeColor(v)).toBeNull());

  // The names and their values are two lists in the same order: each name has its own value.
  it.each([
    ['aliceblue', { r: 240, g: 248, b: 255 }],
    ['darkslategrey', { r: 47, g: 79, b: 79 }],
    ['lightgoldenrodyellow', { r: 250, g: 250, b: 210 }],
    ['mediumvioletred', { r: 199, g: 21, b: 133 }],
    [' YellowGreen ', { r: 154, g: 205, b: 50 }],
  ])('the named colour %s has its own value', (v, rgb) =>
    expect(parseThemeColor(v)).toEqual({ ...rgb, a: 1 }),
  );
});

describe('isThemeColor (what checking a theme uses: the names without their values)', () => {
  it.each(['#fff', 'rgb(10 20 30 / 50%)', 'hsl(120deg 100% 25%)', 'RebeccaPurple', 'transparent'])(
    '%s is a colour',
    (v) => expect(isThemeColor(v)).toBe(true),
  );
  it.each(['#ff', 'hsl(10%, 1%, 1%)', 'notacolour', 'constructor', 'toString', 'red blue', ''])(
    '%s is not, as parseThemeColor says',
    (v) => {
      expect(isThemeColor(v)).toBe(false);
      expect(parseThemeColor(v)).toBeNull();
    },
  );
});

describe('contrastRatio', () => {
  it.each([
    ['#000', '#fff', 21],
    ['#fff', '#fff', 1],
    ['#767676', '#ffffff', 4.54],
    ['#1b2528', '#f6f4ef', 14.24],
  ])('%s on %s is %d:1', (fg, bg, ratio) => expect(contrastRatio(fg, bg)).toBeCloseTo(ratio, 1));
  it('lays translucent text over the background', () =>
    expect(contrastRatio('rgb(0 0 0 / 0)', '#fff')).toBeCloseTo(1));
  it('is null for a non-colour', () => expect(contrastRatio('nope', '#fff')).toBeNull());
  it.each([
    ['#767676', '#fff', true],
    ['#777777', '#fff', false],
  ])('AA: %s on %s → %s', (fg, bg, ok) => expect(meetsAA(fg, bg)).toBe(ok));
});

describe('themeValueProblem: SPEC §5 and the safety rules', () => {
  it.each([
    ['', 'color', 'must not be empty'],
    ['   ', 'plain', 'must not be empty'],
    ['javascript', 'plain', "must not contain the text 'script'"],
    ['</style><script>alert(1)</script>', 'plain', "must not contain the text 'script'"],
    ['expression(alert(1))', 'plain', 'must not hold an expression()'],
    ['url(javascript:alert(1))', 'plain', "must not contain the text 'script'"],
    ['url(https://evil.example/x.png)', 'plain', 'must not load anything (url())'],
    ['URL (x)', 'plain', 'must not load anything (url())'],
    ['@import x', 'plain', "must not contain '@'"],
    ['red} body{background:red', 'color', "must not contain ';', '{' or '}'"],
    ['red; background: red', 'color', "must not contain ';', '{' or '}'"],
    ['\\72 ed', 'color', 'must not contain a backslash (CSS escape)'],
    ['red /* x */', 'color', 'must not contain a comment'],
    ['red !important', 'color', "must not contain '!' (!important)"],
    ['"red"', 'color', 'must not contain quotes'],
    ['<b>', 'plain', 'must not contain angle brackets'],
    ['ｒｅｄ', 'color', 'must hold plain ASCII characters only'],
    ['red\u2028', 'color', 'must hold plain ASCII characters only'],
    ['#'.padEnd(201, 'f'), 'color', 'must be at most 200 characters'],
    ['1px solid var(--x)', 'plain', 'must not call var() (only rgb() and hsl())'],
    ['image-set(x 1x)', 'plain', 'must not call image-set() (only rgb() and hsl())'],
    ['bold', 'color', 'must be a colour (#rrggbb, rgb(), hsl() or a CSS colour name)'],
    ['2px_solid', 'plain', 'may hold letters, digits, spaces and # % . , ( ) / + - only'],
  ] as const)('%j (%s) → %s', (value, kind, message) =>
    expect(themeValueProblem(value, kind)).toBe(message),
  );
  it.each([
    ['#b0124f', 'color'],
    ['hsl(200 50% 40%)', 'color'],
    ['0 4px 0 rgb(0 0 0 / 20%)', 'plain'],
    ['2px dashed #ffc400', 'plain'],
    ['uppercase', 'plain'],
    ['0.04em', 'plain'],
  ] as const)('%s (%s) is fine', (value, kind) =>
    expect(themeValueProblem(value, kind)).toBeNull(),
  );
});

describe('themeSelectorProblem', () => {
  it.each(['.es-player', '.es-card .es-card-title', '.es-card:hover', '.es-marker:focus-visible'])(
    '%s is allowed',
    (s) => expect(themeSelectorProblem(s)).toBeNull(),
  );
  it.each([
    ['es-player', 'selector must start with a dot'],
    ['body', 'selector must start with a dot'],
    ['.es-card > .es-card-title', 'selector must not contain angle brackets'],
    ['.a</style><script>', 'selector must not contain angle brackets'],
    ['.script', "selector must not contain the text 'script'"],
  ])('%s → %s', (s, message) => expect(themeSelectorProblem(s)).toBe(message));
  it.each([
    '.a, body',
    '.es-card, body',
    '.es-card{}body',
    '.es-card:has(body)',
    '.es-card  .es-card-title',
    '.es-card .es-card .es-card',
    '.es-\\63 ard',
    '.nothook',
    '.es-card:visited',
    '.es-card[x]',
    '.es-card ~ body',
  ])('%s is not a hook selector', (s) =>
    expect(themeSelectorProblem(s)).toMatch(/^selector must be a hook class/),
  );
});

describe('themeProblems', () => {
  it('is empty for the built-ins and the empty theme', () => {
    expect(themeProblems(BUILT_IN_THEMES.clown)).toEqual([]);
    expect(themeProblems(BUILT_IN_THEMES.mono)).toEqual([]);
    expect(themeProblems(EMPTY_THEME)).toEqual([]);
  });
  it.each([
    [theme({ name: '' }), 'name', 'must not be empty'],
    [theme({ name: 'myscript' }), 'name', "must not contain the text 'script'"],
    [theme({ name: 'a{b}' }), 'name', expect.stringMatching(/^must be letters/)],
    [theme({ client_id: 'a b' }), 'client_id', expect.stringMatching(/^must be letters/)],
    [
      theme({ colors: { brand: '#fff' } }),
      'colors.brand',
      expect.stringMatching(/^is not a theme colour/),
    ],
    [
      theme({ colors: { 'dark-primary': 'nope' } }),
      'colors.dark-primary',
      expect.stringMatching(/^must be a colour/),
    ],
    [theme({ colors: { primary: '' } }), 'colors.primary', 'must not be empty'],
    [
      theme({ classes: { body: { color: 'red' } } }),
      'classes.body',
      'selector must start with a dot',
    ],
    [
      theme({ classes: { '.es-player': { position: 'fixed' } } }),
      'classes[".es-player"].position',
      expect.stringMatching(/^is not a property/),
    ],
    [
      theme({ classes: { '.es-player': { background: 'red' } } }),
      'classes[".es-player"].background',
      expect.stringMatching(/^is not a property/),
    ],
    [
      theme({ classes: { '.es-player': { color: 'url(x)' } } }),
      'classes[".es-player"].color',
      'must not load anything (url())',
    ],
  ])('%j → %s', (t, at, message) => {
    const problems = themeProblems(t);
    expect(problems.map((p) => ({ at: jsonPath(p.path), message: p.message }))).toEqual([
      { at, message },
    ]);
  });
  it('caps the number of class rules', () => {
    const hooks = [
      '.es-card',
      '.es-card:hover',
      '.es-player',
      '.es-marker',
      '.es-dialog',
      '.es-hunt',
      '.es-header',
    ];
    const selectors = hooks.flatMap((a) => hooks.map((b) => `${a} ${b}`)).slice(0, 41);
    const t = theme({ classes: Object.fromEntries(selectors.map((s) => [s, { color: '#000' }])) });
    expect(themeProblems(t)).toEqual([
      { path: ['classes'], message: 'must hold at most 40 selectors' },
    ]);
    expect(sanitizeTheme(t).theme.classes).toEqual({});
  });
});

describe('sanitizeTheme', () => {
  it('drops each invalid entry and keeps the rest', () => {
    const { theme: clean, problems } = sanitizeTheme(
      theme({
        name: 'brand',
        client_id: 'acme',
        colors: { primary: '#123456', bg: 'url(x)', evil: '#fff' },
        classes: {
          '.es-card': { color: '#000', position: 'fixed', 'border-radius': '4px; x' },
          '.a, body': { color: 'red' },
          '.es-player': { position: 'absolute' },
        },
      }),
    );
    expect(clean).toEqual({
      name: 'brand',
      client_id: 'acme',
      colors: { primary: '#123456' },
      classes: { '.es-card': { color: '#000' } },
    });
    expect(problems.map((p) => jsonPath(p.path))).toEqual([
      'colors.bg',
      'colors.evil',
      'classes[".es-card"].position',
      'classes[".es-card"].border-radius',
      'classes[".a, body"]',
      'classes[".es-player"].position',
    ]);
  });
  it('gives a bad name "default" and leaves out a bad client id', () =>
    expect(sanitizeTheme(theme({ name: 'script', client_id: '' })).theme).toEqual(EMPTY_THEME));
});

describe('resolveTheme', () => {
  it('starts a theme naming a built-in from the built-in', () => {
    const t = resolveTheme(
      theme({
        name: 'clown',
        colors: { primary: '#000000' },
        classes: { '.es-card': { color: '#111' } },
      }),
    );
    expect(t.colors.primary).toBe('#000000');
    expect(t.colors.bg).toBe(BUILT_IN_THEMES.clown.colors.bg);
    expect(t.classes['.es-card']).toEqual({
      ...BUILT_IN_THEMES.clown.classes['.es-card'],
      color: '#111',
    });
  });
  it('leaves any other theme as it is', () => {
    const t = theme({ name: 'acme', colors: { primary: '#000' } });
    expect(resolveTheme(t)).toBe(t);
  });
});

describe('themeContrastWarnings', () => {
  it('finds none in the app colours and the built-ins, light and dark', () => {
    expect(themeContrastWarnings({})).toEqual([]);
    expect(themeContrastWarnings(BUILT_IN_THEMES.clown.colors)).toEqual([]);
    expect(themeContrastWarnings(BUILT_IN_THEMES.mono.colors)).toEqual([]);
  });
  it('names the pair and the mode that falls below AA', () => {
    const w = themeContrastWarnings({ 'dark-text-muted': '#555555' });
    expect(w.map(({ mode, fg, bg }) => `${mode} ${fg}/${bg}`)).toEqual([
      'dark text-muted/bg',
      'dark text-muted/surface',
    ]);
    expect(w[0]!.ratio).toBeLessThan(4.5);
  });
  it('a plain key changes light mode only', () =>
    expect(themeContrastWarnings({ text: '#eeeeee' }).every((w) => w.mode === 'light')).toBe(true));
});

describe('the bundle refuses a theme that breaks a rule, naming the entry', () => {
  const bundle = (t: unknown) => ({
    format: 'earshot-guide-bundle/1',
    guide: {
      token: 'g1',
      title: 'G',
      languages: [{ code: 'en', label: 'English' }],
      theme: t,
    },
  });
  it.each([
    [
      { name: 'x', colors: { primary: 'url(javascript:alert(1))' } },
      '$.guide.theme.colors.primary',
    ],
    [{ name: 'x', classes: { '.a, body': { color: 'red' } } }, '$.guide.theme.classes[".a, body"]'],
    [
      { name: 'x', classes: { '.es-card': { color: 'red}body{x' } } },
      '$.guide.theme.classes[".es-card"].color',
    ],
  ])('%j', (t, at) => {
    const r = guideBundleSchema.safeParse(bundle(t));
    expect(r.success).toBe(false);
    expect(formatIssues(r.error!).some((line) => line.startsWith(`${at}: `))).toBe(true);
  });
});
