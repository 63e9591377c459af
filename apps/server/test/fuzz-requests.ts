import fc from 'fast-check';
import type { Route } from './route-list.js';

/**
 * What the fuzz test (fuzz.test.ts) sends: requests generated after the app's own routes, the
 * query keys and body schemas of its OpenAPI document, mostly near what a client sends and now
 * and then far from it, as a visitor, a signed-in user, a studio admin or with a forged token.
 */

/** Request body schema of a route, from the OpenAPI document. */
export type BodySchema = {
  properties?: Record<string, { enum?: unknown[] }>;
  required?: string[];
};

/** Who sends a request: no one, the test's signed-in visitor or admin, or a forged token. */
export const AUTHS = ['none', 'visitor', 'admin', 'forged'] as const;
export type Auth = (typeof AUTHS)[number];

export type FuzzContext = {
  routes: Route[];
  queryKeys: string[];
  /** Request body schema by route path (as the route tree writes it). */
  bodies: Map<string, BodySchema>;
};

export function bodySchemaOf(requestBody: unknown): BodySchema | undefined {
  const b = requestBody as { content?: Record<string, { schema?: BodySchema }> } | undefined;
  return b?.content?.['application/json']?.schema;
}

/** An object after `schema`: required fields mostly there, enum values mostly from the enum. */
export function bodyAfter(schema: BodySchema, picks: number[], values: string[]) {
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

export type FuzzRequest = {
  method: (typeof METHODS)[number];
  url: string;
  payload?: string;
  headers: Record<string, string>;
  auth: Auth;
};

export function requestArb({ routes, queryKeys, bodies }: FuzzContext): fc.Arbitrary<FuzzRequest> {
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
      auth: fc.oneof(
        { weight: 3, arbitrary: fc.constant<Auth>('none') },
        { weight: 3, arbitrary: fc.constant<Auth>('visitor') },
        { weight: 2, arbitrary: fc.constant<Auth>('admin') },
        { weight: 1, arbitrary: fc.constant<Auth>('forged') },
      ),
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
          : (r.route.methods[r.ownMethod % r.route.methods.length] as FuzzRequest['method']);
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
      return { method, url, payload, headers, auth: r.auth };
    });
}
