// Transferred JS per route: what Chromium itself reports receiving for every script a route
// loads (CDP Network.loadingFinished encodedDataLength: bytes on the wire with the response
// headers; less the header bytes counted at Network.responseReceived: the encoded body, as the
// e2e budget test counts it), beside the decoded size of the same scripts (what was sent
// before compression).
import { chromium, type CDPSession } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './server.js';

export const JS_ROUTES = [
  '/',
  '/city/portland',
  '/search/murals',
  '/map',
  '/about',
  // The other screens a visitor opens first (their first load must not grow either).
  '/preload/riverfront-sculpture-walk',
  '/downloads',
];
export const HOME_BUDGET_KB = 120;

export type TransferRow = {
  route: string;
  scripts: number;
  /** Encoded bodies: what the e2e budget test sums (Playwright responseBodySize). */
  transferredBytes: number;
  /** Encoded bodies and response headers: DevTools' "transferred". */
  wireBytes: number;
  decodedBytes: number;
  idle: boolean;
};

type Seen = { headers: number; encoded: number; decoded: number; done: boolean };

async function decodedSize(cdp: CDPSession, requestId: string, fallback: number) {
  try {
    const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
    return Buffer.byteLength(body, base64Encoded ? 'base64' : 'utf8');
  } catch {
    return fallback;
  }
}

export async function transferredJs(url: string): Promise<TransferRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const rows: TransferRow[] = [];
  try {
    for (const route of JS_ROUTES) {
      // A new context per route: empty cache, so every script is fetched as on a first visit.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const scripts = new Map<string, Seen>();
      cdp.on('Network.responseReceived', (e) => {
        if (e.type !== 'Script') return;
        const headers = e.response.encodedDataLength;
        scripts.set(e.requestId, { headers, encoded: 0, decoded: 0, done: false });
      });
      cdp.on('Network.dataReceived', (e) => {
        const s = scripts.get(e.requestId);
        if (s) s.decoded += e.dataLength;
      });
      cdp.on('Network.loadingFinished', (e) => {
        const s = scripts.get(e.requestId);
        if (s) Object.assign(s, { encoded: e.encodedDataLength, done: true });
      });
      await cdp.send('Network.enable');
      let idle = true;
      // /map asks a tile host this machine cannot reach; those loads fail, they do not hang.
      await page.goto(url + route, { waitUntil: 'networkidle', timeout: 30_000 }).catch(() => {
        idle = false;
      });
      let transferred = 0;
      let wire = 0;
      let decoded = 0;
      for (const [id, s] of scripts) {
        if (!s.done) continue;
        wire += s.encoded;
        transferred += s.encoded - s.headers;
        decoded += await decodedSize(cdp, id, s.decoded);
      }
      rows.push({
        route,
        scripts: [...scripts.values()].filter((s) => s.done).length,
        transferredBytes: transferred,
        wireBytes: wire,
        decodedBytes: decoded,
        idle,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}
