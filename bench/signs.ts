// Signs (docs/studio.md "Signs"): POST studio/guides/{token}/signs over HTTP against the real
// server on SQLite. A draft of the flagship with SIGN_STOPS stops (its own stops again under new
// tokens, put in through the studio's save call) gets a sheet of every stop, four a page: the
// first one makes every stop's short link, the next ones find them. Beside it, in the same run,
// a sheet of one sign: the call's fixed cost, to read the big one against on a busy machine.
import { PDFDocument } from 'pdf-lib';
import { openDatabase } from '../apps/server/src/db/database.js';
import { adminCommand } from '../apps/server/src/modules/studio/access/admin-command.js';
import { FLAGSHIP } from './guide-page.js';
import { signUpAdmin } from './insights.js';
import { startServer } from './server.js';

export const SIGN_STOPS = Number(process.env.BENCH_SIGN_STOPS || 500);
export const SIGNS_TARGET_S = 20;
const REPEATS = 3;

export type SignsResult = {
  stops: number;
  pages: number;
  bytes: number;
  oneMs: number;
  firstMs: number;
  againMs: number;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function signsBench(
  tempDir: (name: string) => string,
  step: (what: string) => void,
): Promise<SignsResult> {
  const dataDir = tempDir('signs');
  const server = await startServer({ dataDir, demo: true });
  const { db } = openDatabase({ dataDir });
  try {
    const email = `bench-signs-${process.pid}@example.test`;
    const token = await signUpAdmin(server.url, email);
    const quiet = { log: () => {}, error: (line: string) => step(line) };
    if ((await adminCommand(db, { action: 'grant', email }, quiet)) !== 0)
      throw new Error(`could not make ${email} an admin`);
    const auth = { authorization: `Bearer ${token}` };
    const api = `${server.url}/api/v1/studio/guides/${FLAGSHIP}`;

    const draft = await fetch(`${api}/draft`, { headers: auth });
    if (!draft.ok) throw new Error(`draft answered ${draft.status}`);
    const { revision, document } = (await draft.json()) as {
      revision: number;
      document: { pois: Record<string, unknown>[] };
    };
    const own = document.pois;
    const pois = Array.from({ length: SIGN_STOPS }, (_, i) => ({
      ...own[i % own.length],
      token: `${FLAGSHIP}-sign-${i + 1}`,
      keypad_code: 1000 + i,
    }));
    const saved = await fetch(`${api}/draft`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ revision, document: { ...document, pois } }),
    });
    if (!saved.ok) throw new Error(`save answered ${saved.status}: ${await saved.text()}`);

    const sheet = async (body: object) => {
      const t0 = performance.now();
      const res = await fetch(`${api}/signs`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const pdf = Buffer.from(await res.arrayBuffer());
      const ms = performance.now() - t0;
      if (!res.ok || res.headers.get('content-type') !== 'application/pdf')
        throw new Error(`signs answered ${res.status}: ${pdf.toString().slice(0, 200)}`);
      const pages = (await PDFDocument.load(pdf)).getPageCount();
      return { ms, bytes: pdf.length, pages };
    };
    const one = { paper: 'a4', per_page: 1, stops: [pois[0]!.token] };
    const all = { paper: 'a4', per_page: 4 };

    step(`signs: ${SIGN_STOPS} signs, four a page`);
    const oneMs: number[] = [(await sheet(one)).ms];
    const first = await sheet(all);
    const again: number[] = [];
    for (let i = 0; i < REPEATS; i++) {
      oneMs.push((await sheet(one)).ms);
      again.push((await sheet(all)).ms);
    }
    return {
      stops: SIGN_STOPS,
      pages: first.pages,
      bytes: first.bytes,
      oneMs: median(oneMs),
      firstMs: first.ms,
      againMs: median(again),
    };
  } finally {
    await db.destroy();
    await server.stop();
  }
}

export function signsTable(r: SignsResult | string | undefined) {
  console.log(
    `\n### Signs (POST studio/guides/${FLAGSHIP}/signs over HTTP on SQLite, A4, four a page; the one-sign sheet is the same run's baseline; target ≤ ${SIGNS_TARGET_S} s)\n`,
  );
  if (r === undefined) return;
  if (typeof r === 'string') {
    console.log(r);
    return;
  }
  const s = (ms: number) => (ms / 1000).toFixed(2);
  console.log('| sheet | signs | pages | PDF bytes | time (s) | × one sign | target |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  console.log(`| one sign (baseline, median of ${REPEATS + 1}) | 1 | 1 | | ${s(r.oneMs)} | 1 | |`);
  for (const [label, ms] of [
    ['every stop, first sheet (makes the links)', r.firstMs],
    [`every stop again (median of ${REPEATS})`, r.againMs],
  ] as const)
    console.log(
      `| ${label} | ${r.stops} | ${r.pages} | ${r.bytes.toLocaleString('en')} | ${s(ms)} | ${(ms / r.oneMs).toFixed(0)} | ${ms <= SIGNS_TARGET_S * 1000 ? 'met' : 'not met'} |`,
    );
}
