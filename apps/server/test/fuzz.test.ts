import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../src/content/bundle-import.js';
import { importFixture, makeEnv, writeSmallGuide, type TestEnv } from './helpers.js';
import { routesOf, tableDigest, type Route } from './route-list.js';

/**
 * Property: whatever a client sends to any route of the app, the answer is never a 5xx, and
 * a refused write changes nothing. Routes are read from the app itself, so new ones are fuzzed
 * without editing this file. FUZZ_RUNS and FUZZ_SEED replay or widen a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let env: TestEnv;
let routes: Route[];
let queryKeys: string[];
/** Request body schema by route path (as the route tree writes it), from the OpenAPI document. */
let bodies: Map<string, BodySchema>;
type BodySchema = {
  properties?: Record<string, { enum?: unknown[] }>;
  required?: string[];
};

let web: string;
beforeAll(async () => {
  // A small built web app, so that its routes (files, SPA fallback) are fuzzed too.
  web = await mkdtemp(path.join(os.tmpdir(), 'earshot-fuzz-web-'));
  await mkdir(path.join(web, 'assets'), { recursive: true });
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Earshot</title>');
  await writeFile(path.join(web, 'assets', 'app.js'), 'export {};');
  // Writes are rate-limited per address; here every write must reach validation.
  env = await makeEnv({ webDist: web, writesPerMinute: 1_000_000 });
  await importFixture(env);
  for (let i = 0; i < 2; i++)
    await importBundle(
      env.handle,
      env.mediaDir,
      await writeSmallGuide(
        env.dir,
        `fz-${i}`,
        i ? 'Coeur d’Alene' : 'Portland',
        'Oregon',
        45,
        -122,
      ),
    );
  routes = routesOf(env.app);
  await env.app.ready();
  const doc = env.app.swagger() as {
    paths: Record<
      string,
      Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>
    >;
  };
  const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
  queryKeys = [
    ...new Set(
      ops.flatMap((o) => (o.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)),
    ),
  ];
  bodies = new Map(
    Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.values(item)
        .map((o) => bodySchemaOf(o.requestBody))
        .filter((b): b is BodySchema => b !== undefined)
        .map((b) => [p.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1'), b] as const),
    ),
  );
  expect(bodies.size).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => {
  await env.close();
  await rm(web, { recursive: true, force: true });
});

function bodySchemaOf(requestBody: unknown): BodySchema | undefined {
  const b = requestBody as { content?: Record<string, { schema?: BodySchema }> } | undefined;
  return b?.content?.['application/json']?.schema;
}

/** An object after `schema`: required fields mostly there, enum values mostly from the enum. */
function bodyAfter(schema: BodySchema, picks: number[], values: string[]) {
  const out: Record<string, unknown> = {};
  Object.entries(schema.properties ?? {}).forEach(([key, prop], i) => {
    const pick = picks[i % picks.length]!;
    const required = schema.required?.includes(key);
    if (pick % 10 >= (required ? 9 : 4)) return;
    out[key] =
      prop.enum && pick % 3 ? prop.enum[pick % prop.enum.length] : values[i % values.length];
  });
  if (picks[0]! % 7 === 0) out[values[0]!] = values[1]; // now and then a field no one asked for
  return out;
}

// ——— what a client may send ———

const TOKENS = ['mini-walk', 'mini-one', 'mini-two', 'fz-0', 'fz-0-poi', 'fz-1-poi'];
const METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
] as const;

const numberText = fc.oneof(
  fc.integer({ min: -5, max: 60 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '2147483647',
    '2147483648',
    '4294967296',
    '9007199254740993',
    '99999999999',
    '1e309',
    '1e3',
    '-0',
    '0x10',
    '1.5',
    'NaN',
    'Infinity',
    '00000000000000000000001',
  ),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.double().map(String),
);
const text = fc.oneof(
  fc.constantFrom(...TOKENS, 'Portland', 'oregon', 'en', 'es', 'badge', 'visit', 'city-list-view'),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ minLength: 200, maxLength: 5000 }),
  fc.constantFrom(
    '',
    ' ',
    '%',
    '%00',
    '..',
    '../..',
    'a b',
    'émile',
    '😀',
    '\u0000',
    "'; drop table guides;--",
  ),
);
/** Values a real client sends, so that some writes are accepted and their effect is checked. */
const plausible = fc.constantFrom(
  ...TOKENS,
  'visit',
  'play',
  'view',
  'direct-visit',
  'city-list-view',
  'state-list-view',
  'Portland',
  'en',
  // Near misses that a database may refuse on its own (PostgreSQL text cannot hold NUL).
  'Port\u0000land',
  'mini-walk\u0000',
  'Portland\u007f',
);
const value = fc.oneof(
  { weight: 2, arbitrary: numberText },
  { weight: 3, arbitrary: text },
  { weight: 1, arbitrary: plausible },
);

/** A path segment as a client would put it in a URL (mostly encoded, sometimes raw junk). */
const segment = fc.oneof(
  { weight: 8, arbitrary: value.map((v) => encodeURIComponent(v)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('%', '%ZZ', '%2e%2e', '..%2F..%2Fetc', '%C0%AF', 'a%20'),
  },
);

const query = fc
  .array(
    fc.tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
        { weight: 1, arbitrary: fc.constantFrom('a[b]', 'limit[]', '__proto__', 'constructor') },
      ),
      value,
    ),
    { maxLength: 5 },
  )
  .map((pairs) => pairs);

const jsonBody = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(
    fc.oneof(fc.constant('k'), fc.string({ maxLength: 8 })),
    fc.oneof(value, fc.jsonValue()),
    {
      maxKeys: 6,
    },
  ),
);
const body = fc.oneof(
  { weight: 20, arbitrary: fc.constant(undefined) },
  // Above the 1 MiB body limit.
  {
    weight: 1,
    arbitrary: fc.constant([`"${'x'.repeat(1_100_000)}"`, 'application/json'] as const),
  },
  { weight: 40, arbitrary: fc.tuple(jsonBody, fc.constant('application/json')) },
  {
    weight: 20,
    arbitrary: fc.tuple(
      fc.oneof(
        fc.constantFrom('{', '[1,', 'null', '"x"', '{"guide_token":', '\u0000'),
        fc.string({ maxLength: 50 }),
      ),
      fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/octet-stream',
      ),
    ),
  },
);

type Request = {
  method: (typeof METHODS)[number];
  url: string;
  payload?: string;
  headers: Record<string, string>;
};

function requestArb(): fc.Arbitrary<Request> {
  return fc
    .record({
      route: fc.constantFrom(...routes),
      ownMethod: fc.nat(),
      anyMethod: fc.constantFrom(...METHODS),
      badMethod: fc.nat({ max: 9 }),
      segments: fc.array(segment, { minLength: 6, maxLength: 6 }),
      tail: fc.array(segment, { maxLength: 3 }),
      slash: fc.boolean(),
      query,
      keyPick: fc.array(fc.nat(), { minLength: 5, maxLength: 5 }),
      body,
      picks: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
      fieldValues: fc.array(fc.oneof(plausible, value), { minLength: 6, maxLength: 6 }),
      useSchema: fc.boolean(),
      headers: fc.record(
        {
          'accept-encoding': fc.constantFrom('br', 'gzip', 'identity', 'x;q=0'),
          'if-none-match': fc.oneof(fc.constant('*'), fc.string({ maxLength: 20 })),
          range: fc.constantFrom('bytes=0-9', 'bytes=-1', 'bytes=99999999-', 'bytes=a-b'),
          'accept-language': fc.string({ maxLength: 20 }),
        },
        { requiredKeys: [] },
      ),
    })
    .map((r) => {
      const method =
        r.badMethod === 0
          ? r.anyMethod
          : (r.route.methods[r.ownMethod % r.route.methods.length] as Request['method']);
      let i = 0;
      let url = r.route.path.replace(/:[^/]+/g, () => r.segments[i++ % 6]!);
      url = url.replace(/\*$/, r.tail.join('/'));
      if (!url.startsWith('/')) url = `/${url}`;
      if (r.slash && !url.endsWith('/')) url += '/';
      const q = r.query
        .map(
          ([k, v], j) =>
            `${encodeURIComponent(k ?? queryKeys[r.keyPick[j]! % queryKeys.length]!)}=${encodeURIComponent(v)}`,
        )
        .join('&');
      if (q) url += `?${q}`;
      const headers: Record<string, string> = { ...r.headers };
      let payload: string | undefined;
      if (method !== 'GET' && method !== 'HEAD' && r.body) {
        let data: unknown = r.body[0];
        const schema = bodies.get(r.route.path);
        if (r.useSchema && schema) data = bodyAfter(schema, r.picks, r.fieldValues);
        payload =
          typeof data === 'string' && r.body[1] !== 'application/json'
            ? data
            : (JSON.stringify(data) ?? 'null');
        headers['content-type'] = r.body[1];
      }
      return { method, url, payload, headers };
    });
}

describe('fuzz: generated requests across every route', () => {
  it('reads every route of the app, documented or not', () => {
    // `:a|:b` is one tree node for two routes that name the same parameter differently.
    const paths = new Set(
      routes.flatMap((r) => {
        const alternatives = /:([^/]+)/.exec(r.path)?.[1]?.split('|:') ?? [];
        return alternatives.length > 1
          ? alternatives.map((a) => r.path.replace(/:[^/]+/, `:${a}`))
          : [r.path];
      }),
    );
    const documented = Object.keys(env.app.swagger().paths ?? {}).map((p) =>
      p.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1'),
    );
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.filter((p) => !paths.has(p))).toEqual([]);
    for (const p of ['*', '/index.html', '/api/v1/:resource', '/api/docs/json'])
      expect(paths.has(p), p).toBe(true);
  });

  it('never answers 5xx, and refused writes change nothing', async () => {
    const statuses = new Map<number, number>();
    const before = await tableDigest(env.handle.db);
    let accepted = 0;
    let sent = 0;
    const dialect = env.handle.dialect;
    try {
      await fc.assert(
        fc.asyncProperty(requestArb(), async (req) => {
          const res = await env.app.inject(req);
          sent++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 201) accepted++;
          expect(
            res.statusCode,
            `${req.method} ${req.url} → ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    } finally {
      const counts = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ');
      const fives = [...statuses.entries()]
        .filter(([s]) => s >= 500)
        .reduce((n, [, c]) => n + c, 0);
      console.log(`fuzz: ${sent} requests on ${dialect} — ${counts}, 5xx: ${fives}`);
    }
    expect(sent).toBe(RUNS);
    // At full size some generated writes are valid, so the check below has something to count.
    if (RUNS >= 5000) expect(accepted).toBeGreaterThan(0);

    // Only accepted tracking writes (201) may add rows, and only to tracking_events.
    const after = await tableDigest(env.handle.db);
    const { tracking_events: tb, ...restBefore } = before;
    const { tracking_events: ta, ...restAfter } = after;
    expect(restAfter).toEqual(restBefore);
    const rowsOf = (digest: string) => Number(digest.split(':')[0]);
    expect(rowsOf(ta!) - rowsOf(tb!)).toBe(accepted);
    // Every route of the app was tried.
    expect(routes.length).toBeGreaterThan(40);
  }, 120_000);
});
