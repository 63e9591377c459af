import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { WRITE_LIMIT } from '@earshot/core';
import { HttpError } from './errors.js';

export type SecurityOptions = {
  /** The built web app: the inline scripts of its HTML files are allowed by hash. */
  webDist?: string;
  /** CSP sources of the configured map tile hosts (images, and fetches to save them offline). */
  tileSources: string[];
  /** Writes (any method but GET, HEAD, OPTIONS) one address may make per minute. */
  writesPerMinute?: number;
  /** Where writes are counted: the database, shared by every node (modules/limits). */
  store: FastifyRateLimitStoreCtor;
};

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** sha256 CSP sources of the inline executable scripts in `html` (JSON data blocks are not scripts). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

function webScriptHashes(webDist: string | undefined): string[] {
  if (!webDist || !existsSync(webDist)) return [];
  const html = readdirSync(webDist).filter((f) => f.endsWith('.html'));
  return [
    ...new Set(
      html.flatMap((f) => inlineScriptHashes(readFileSync(path.join(webDist, f), 'utf8'))),
    ),
  ];
}

/**
 * The policy with WebAssembly allowed ('wasm-unsafe-eval' in script-src): only the pages that
 * run the face model (the camera and landmark test tools) get it. It compiles WebAssembly
 * modules only: scripts still never come from strings ('unsafe-eval' stays out).
 */
export function allowWasm(policy: string): string {
  return policy
    .split(';')
    .map((d) => {
      const part = d.trim();
      return /^script-src\s/.test(part) && !part.includes("'wasm-unsafe-eval'")
        ? `${part} 'wasm-unsafe-eval'`
        : part;
    })
    .join(';');
}

/**
 * Security headers with a strict Content-Security-Policy (scripts only from us, no inline
 * script unless its hash is allowed; images from us and the tile hosts) and a per-address
 * limit on writes, which anyone may send without signing in (counted in the database: every
 * node counts together).
 */
export async function registerSecurity(app: FastifyInstance, opts: SecurityOptions) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...webScriptHashes(opts.webDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...opts.tileSources],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The preload screen fetches the guide's map tiles to save them for offline use.
        connectSrc: ["'self'", ...opts.tileSources],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Media and images may be embedded by other sites (shared links, previews).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });

  // Only writes are limited: read routes do not even get the limiter's hook.
  const limit = { max: opts.writesPerMinute ?? WRITE_LIMIT.max, timeWindow: WRITE_LIMIT.windowMs };
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((m) => READS.has(m))) return;
    route.config = { ...route.config, rateLimit: limit };
  });
  await app.register(fastifyRateLimit, {
    global: false,
    ...limit,
    store: opts.store,
    errorResponseBuilder: (_req, context) =>
      new HttpError(429, `Too many requests from this address: try again in ${context.after}`),
  });
}
