import { expect, test, type Page } from '@playwright/test';
import { computed, cssVar, expectUnthemed, storeGuideTheme, themed } from '../helpers/themes';

// A hostile theme can neither run script nor style anything outside the guide's own screens,
// under the real CSP (decision 0010). The importer refuses such a theme, so it is written
// into a demo guide's row through the server's database layer for the length of this file.
const TOKEN = 'sf-hilltop-stairs';
const LONG = `#${'f'.repeat(6000)}`;
const PWN = 'window.__pwned=1';

const HOSTILE = {
  name: '</style><script>window.__pwned=1</script>',
  client_id: 'x" onload="window.__pwned=1',
  colors: {
    primary: `</style><script>${PWN}</script>`,
    bg: 'red;} body{background:red',
    text: 'expression(alert(1))',
    border: 'url(javascript:alert(1))',
    accent: '@import url(https://evil.example/x.css)',
    surface: '\\72 ed',
    'surface-2': 'r\\65 d',
    'primary-soft': LONG,
    'on-primary': 'ｒｅｄ',
    danger: 'red !important',
    'primary-strong': 'red /* x */',
    'dark-bg': '',
    'not-a-token': '#ff0000',
    // The one valid colour: it applies, the rest is skipped.
    'text-muted': '#123456',
  },
  classes: {
    '.a, body': { 'background-color': 'red' },
    body: { 'background-color': 'red' },
    '.es-header, header': { 'background-color': 'red' },
    '.es-card{}body': { 'background-color': 'red' },
    '.es-card:has(body)': { 'background-color': 'red' },
    '.es-\\63 ard': { 'background-color': 'red' },
    '.es-header</style><script>window.__pwned=1</script>': { color: 'red' },
    '.es-card ~ body': { color: 'red' },
    '.es-card': {
      color: 'red}body{background:red',
      'background-color': 'url(javascript:alert(1))',
      'box-shadow': `0 0 0 1px ${LONG}`,
      position: 'fixed',
      behavior: 'url(x.htc)',
      '-moz-binding': 'url(x.xml#x)',
      // The one valid declaration.
      'border-radius': '3px',
    },
  },
};

let dialogs = 0;
const watch = async (page: Page) => {
  const warnings: string[] = [];
  const violations: string[] = [];
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    ),
  );
  return { warnings, violations };
};

test.beforeAll(() => storeGuideTheme(TOKEN, HOSTILE));
test.afterAll(() => storeGuideTheme(TOKEN, null));

test('the hostile corpus runs no script and styles nothing outside the guide screens', async ({
  page,
  request,
}) => {
  // The server hands it over as stored (the client is the second line).
  const served = (await (await request.get(`/api/v1/guides/${TOKEN}/theme`)).json()) as {
    colors: Record<string, string>;
  };
  expect(served.colors.primary).toContain('<script>');

  const { warnings, violations } = await watch(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Read in one go in the page: the app may put its own header in the page shell's place
  // between two calls, and a header no longer in the document has no computed style.
  const before = {
    ...(await page.evaluate(() => ({
      body: getComputedStyle(document.body).backgroundColor,
      header: getComputedStyle(document.querySelector('header')!).backgroundColor,
      color: getComputedStyle(document.body).color,
    }))),
    primary: await cssVar(page, '--primary'),
    surface: await cssVar(page, '--surface'),
  };

  await page.goto(`/guide/${TOKEN}`);
  await page.getByRole('button', { name: 'Tap to Enter' }).click();
  const card = page.locator('.es-card').first();
  await expect(card).toBeVisible();
  // The valid entries apply: so the theme was read and applied, minus the rest.
  await expect.poll(() => cssVar(page, '--text-muted')).toBe('#123456');
  expect(await themed(page)).toBe(true);
  expect(await computed(card, 'border-top-left-radius')).toBe('3px');

  // Nothing outside the hook classes changed, nothing broke out of a rule.
  expect(await computed(page.locator('body'), 'background-color')).toBe(before.body);
  expect(await computed(page.locator('header').first(), 'background-color')).toBe(before.header);
  expect(await computed(page.locator('body'), 'color')).toBe(before.color);
  expect(await computed(card, 'position')).not.toBe('fixed');
  expect(await computed(card, 'color')).not.toBe('rgb(255, 0, 0)');
  expect(await cssVar(page, '--primary')).toBe(before.primary);
  expect(await cssVar(page, '--surface')).toBe(before.surface);
  // The one sheet holds the valid rules only, under the guide's scope.
  const rules = await page.evaluate(() =>
    document.adoptedStyleSheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText)),
  );
  expect(rules.join('\n')).not.toMatch(/script|body|url\(|expression|@import|red/i);
  for (const r of rules) expect(r).toMatch(/^:root\[data-guide-theme\]/);

  // No script ran: no flag, no dialog, no blocked inline script (nothing tried to add one).
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toBe(0);
  expect(violations).toEqual([]);
  // Each skipped entry was reported.
  for (const at of [
    'colors.primary',
    'colors.bg',
    'colors.primary-soft',
    'classes[".a, body"]',
    'classes.body',
    'classes[".es-card"].color',
    'classes[".es-card"].position',
  ])
    expect(warnings.some((w) => w.startsWith(`Theme entry ${at} skipped`))).toBe(true);

  // Back on the home page, no trace of it.
  await page.getByRole('link', { name: 'Earshot, all guides' }).click();
  await expectUnthemed(page);
  expect(await computed(page.locator('body'), 'background-color')).toBe(before.body);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});
