import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer GETs of this route from the content response cache. */
    contentCache?: boolean;
  }
}

export type ResponseCacheOptions = {
  /** Reads the content version stamp from the database. */
  readVersion: () => Promise<number>;
  /**
   * How long a node trusts the version it last read (ms). Several nodes on one database see
   * another node's import within this time; 0 reads the stamp on every request.
   */
  versionCheckMs?: number;
  /** Bound on the bytes held (bodies and their compressed forms). */
  maxBytes?: number;
};

type Encoding = 'br' | 'gzip';
type Entry = {
  version: number;
  etag: string;
  /** Every header of the first answer but the body's own: security, type and cache headers. */
  head: OutgoingHttpHeaders;
  body: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  bytes: number;
};

export const CONTENT_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=86400';
const COMPRESS_MIN = 1024;

/** The encoding to answer with for an Accept-Encoding header: br before gzip, q=0 refuses. */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Whether an If-None-Match header names `etag` (weak or strong, or `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  // Weak comparison (RFC 9110 §13.1.2): W/ on either side does not matter for a 304.
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  const want = opaque(etag);
  return header.split(',').some((t) => opaque(t) === want || t.trim() === '*');
}

/**
 * A version read shared by concurrent requests and trusted for `ttl` ms: `fresh()` gives it
 * without waiting while it is trusted, `read()` asks the database (one query at a time).
 */
function versionClock(read: () => Promise<number>, ttl: number) {
  let value = 0;
  let readAt = -Infinity;
  let pending: Promise<number> | null = null;
  return {
    fresh: (): number | undefined => (performance.now() - readAt < ttl ? value : undefined),
    read: (): Promise<number> =>
      (pending ??= read().then(
        (v) => {
          value = v;
          readAt = performance.now();
          pending = null;
          return v;
        },
        (e: unknown) => {
          pending = null;
          throw e;
        },
      )),
  };
}

const compress = (encoding: Encoding, body: Buffer) =>
  encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 6 });

/**
 * Content GETs (routes with `config.contentCache`) answer from serialised bytes keyed by the
 * request URL (path and query, which carries the language), valid while the database's
 * content version is unchanged. Compressed forms are made once per entry; ETags are content
 * hashes, so every node gives the same one; If-None-Match answers 304. Requests that carry
 * Authorization are never cached: what they see may be the user's own.
 */
export function registerResponseCache(app: FastifyInstance, opts: ResponseCacheOptions): void {
  const clock = versionClock(opts.readVersion, opts.versionCheckMs ?? 1000);
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  let held = 0;
  const misses = new WeakMap<FastifyRequest, number>();

  const cacheable = (req: FastifyRequest) =>
    req.method === 'GET' &&
    req.routeOptions.config?.contentCache === true &&
    req.headers.authorization === undefined;

  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    held -= e.bytes;
  };

  /** Answers from the entry for this URL if it is of `version`; else marks the request a miss. */
  function answer(req: FastifyRequest, reply: FastifyReply, version: number): boolean {
    const key = req.url;
    const e = entries.get(key);
    if (!e || e.version !== version) {
      if (e) drop(key);
      misses.set(req, version);
      return false;
    }
    // Most recently used last, so the oldest entries go first when the bound is reached.
    entries.delete(key);
    entries.set(key, e);
    // The bytes and headers are ready: write them straight out, past the other hooks (this
    // one runs first), serialisation and compression.
    reply.hijack();
    if (etagMatches(req.headers['if-none-match'], e.etag)) {
      reply.raw.writeHead(304, e.head).end();
      return true;
    }
    const encoding =
      e.body.length >= COMPRESS_MIN ? pickEncoding(req.headers['accept-encoding']) : null;
    let body = e.body;
    if (encoding) {
      let encoded = e.encoded[encoding];
      if (!encoded) {
        encoded = e.encoded[encoding] = compress(encoding, e.body);
        e.bytes += encoded.length;
        held += encoded.length;
      }
      body = encoded;
    }
    reply.raw
      .writeHead(200, {
        ...e.head,
        'content-length': body.length,
        ...(encoding ? { 'content-encoding': encoding } : {}),
      })
      .end(body);
    return true;
  }

  app.addHook('onRequest', (req, reply, done) => {
    if (!cacheable(req)) return done();
    const version = clock.fresh();
    if (version !== undefined) {
      answer(req, reply, version);
      return done();
    }
    clock.read().then(
      (v) => {
        answer(req, reply, v);
        done();
      },
      (e: Error) => done(e),
    );
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const version = misses.get(req);
    if (version === undefined || reply.statusCode !== 200 || typeof payload !== 'string')
      return payload;
    // An answer that must not be stored anywhere (a studio preview's) is not stored here either.
    if (/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? ''))) return payload;
    const body = Buffer.from(payload);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.headers({
      etag,
      'cache-control': reply.getHeader('cache-control') ?? CONTENT_CACHE_CONTROL,
      vary: 'Accept-Encoding, Authorization',
    });
    const head = { ...reply.getHeaders() } as OutgoingHttpHeaders;
    for (const own of ['content-length', 'content-encoding', 'transfer-encoding']) delete head[own];
    const e: Entry = { version, etag, head, body, encoded: {}, bytes: body.length };
    drop(req.url);
    if (body.length <= maxBytes / 4) {
      entries.set(req.url, e);
      held += e.bytes;
      for (const key of entries.keys()) {
        if (held <= maxBytes) break;
        drop(key);
      }
    }
    if (etagMatches(req.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
