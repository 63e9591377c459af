import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches } from '../plugins/response-cache.js';
import { contentTypeOf } from './content-type.js';
import type { MediaStore } from './media-store.js';

/** The one byte range of a Range header, 'unsatisfiable', or null to send the whole. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  // Several ranges, or a unit other than bytes: the whole file (RFC 9110 lets a server ignore).
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/**
 * Answers a stored object as a static file server does (what @fastify/static gives the disk's
 * media): ETag and Last-Modified, 304 on If-None-Match (or If-Modified-Since without it), one
 * byte range with 206 (416 beyond the end), If-Range, and the given Cache-Control. The bytes
 * stream from the store through the app (decision 0016). `version`: the ?v= the URL asked for;
 * an object stored with another content hash answers 404 uncached, so a URL never gets bytes it
 * does not name (the moment of an import between its commit and its media).
 */
export async function sendStored(
  req: FastifyRequest,
  reply: FastifyReply,
  store: MediaStore,
  key: string,
  opts: { cacheControl: string; version?: string },
): Promise<FastifyReply> {
  const info = await store.head(key);
  if (!info || (opts.version && info.version && info.version !== opts.version)) {
    if (info) reply.header('cache-control', 'no-store');
    reply.callNotFound();
    return reply;
  }
  const lastModified = info.lastModified.toUTCString();
  reply
    .header('cache-control', opts.cacheControl)
    .header('etag', info.etag)
    .header('last-modified', lastModified)
    .header('accept-ranges', 'bytes')
    .type(info.contentType ?? contentTypeOf(key));

  const inm = req.headers['if-none-match'];
  const ims = req.headers['if-modified-since'];
  const fresh = inm
    ? etagMatches(inm, info.etag)
    : ims !== undefined && Date.parse(ims) >= Math.floor(info.lastModified.getTime() / 1000) * 1000;
  if (fresh) return reply.code(304).send();

  // If-Range: the range only while the file is still the one the client has part of.
  const ifRange = String(req.headers['if-range'] ?? '');
  const rangeAllowed =
    ifRange === '' ||
    (ifRange.includes('"')
      ? ifRange === info.etag
      : Date.parse(ifRange) >= Date.parse(lastModified));
  const range = rangeAllowed ? byteRange(req.headers.range, info.size) : null;
  if (range === 'unsatisfiable')
    return reply.code(416).header('content-range', `bytes */${info.size}`).send();
  if (req.method === 'HEAD')
    return reply.header('content-length', String(info.size)).code(200).send();

  const got = await store.get(key, range ?? undefined);
  if (!got) {
    reply.callNotFound();
    return reply;
  }
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', String(range.end - range.start + 1));
  } else reply.header('content-length', String(info.size));
  return reply.send(got.body);
}
