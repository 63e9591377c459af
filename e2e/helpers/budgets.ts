import AxeBuilder from '@axe-core/playwright';
import type { Page, Response } from '@playwright/test';

/** Issue 7: the home route's first-load JavaScript, as transferred, stays within 120 KB. */
export const HOME_JS_BUDGET_BYTES = 120 * 1024;

export type ScriptLoad = { url: string; bytes: number };
export type JsReport = { total: number; budget: number; over: boolean; scripts: ScriptLoad[] };

const isScript = (r: Response) =>
  r.request().resourceType() === 'script' || /javascript/.test(r.headers()['content-type'] ?? '');

/**
 * Runs `load` (a navigation), waits for the network to go idle and sums the bytes every
 * script took over the wire: the encoded body as the browser received it (compressed when
 * the server compressed it), not its size once unpacked. Use a fresh context, so nothing
 * comes from the cache.
 */
export async function measureScripts(
  page: Page,
  load: () => Promise<unknown>,
  budget = HOME_JS_BUDGET_BYTES,
): Promise<JsReport> {
  const responses: Response[] = [];
  const seen = (r: Response) => {
    if (isScript(r)) responses.push(r);
  };
  page.on('response', seen);
  try {
    await load();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', seen);
  }
  const scripts = await Promise.all(
    responses.map(async (r) => {
      await r.finished();
      return {
        url: new URL(r.url()).pathname,
        bytes: (await r.request().sizes()).responseBodySize,
      };
    }),
  );
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  return { total, budget, over: total > budget, scripts };
}

export const describeJs = (r: JsReport) =>
  `${r.total} bytes of JS transferred in ${r.scripts.length} scripts (budget ${r.budget}): ` +
  r.scripts.map((s) => `${s.url} ${s.bytes}`).join(', ');

/** Every axe-core violation on the page as it is now, one line each with the nodes hit. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * Makes every page of the context open with the dark preference stored as the app stores it
 * (apps/web/src/shared/lib/preferences.ts), as a returning visitor's would be.
 */
export async function persistTheme(page: Page, dark: boolean): Promise<void> {
  await page.context().addInitScript((d) => {
    try {
      localStorage.setItem(
        'earshot-preferences',
        JSON.stringify({ state: { dark: d, monochrome: false }, version: 0 }),
      );
    } catch {
      // about:blank has no storage.
    }
  }, dark);
}
