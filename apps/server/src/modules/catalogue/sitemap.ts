import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CITY_LIST_MAX,
  sitemapIdRange,
  sitemapPageParam,
  sitemapPages,
  xmlEscape,
} from '@earshot/core';
import { etagMatches } from '../../plugins/response-cache.js';
import type { CatalogueRepository } from './repository.js';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
/** Rows read per query while a sitemap file streams: memory stays bounded by it. */
const BATCH = 2000;

type SitemapOptions = {
  repo: CatalogueRepository;
  /** The content version stamp: a sitemap changes only when content does. */
  version: () => Promise<number>;
  publicUrl: string;
};

/**
 * Sitemaps (sitemaps.org) and robots.txt: an index naming one file of guides per block of
 * 50,000 guide ids (a guide stays in its file as others are added) and one of places. Files
 * stream from the database in batches, so a file of 50,000 URLs never sits in memory; they are
 * not in the content response cache (which would hold them whole) but answer 304 to a
 * crawler's If-None-Match while the content version is the same.
 */
export async function registerSitemaps(app: FastifyInstance, opts: SitemapOptions) {
  const base = opts.publicUrl.replace(/\/+$/, '');
  const loc = (path: string) => `<loc>${xmlEscape(base + path)}</loc>`;

  /** Sends `body` as XML unless the crawler holds this version already. */
  async function sendXml(
    req: FastifyRequest,
    reply: FastifyReply,
    name: string,
    body: () => Readable | string,
  ) {
    const etag = `"sitemap-${await opts.version()}-${name}"`;
    reply.header('etag', etag).header('cache-control', 'public, max-age=3600');
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type('application/xml; charset=utf-8').send(body());
  }

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\nAllow: /\n\nSitemap: ${base}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const pages = sitemapPages(await opts.repo.maxPublishedId());
    const files = ['/sitemap-places.xml'];
    for (let n = 1; n <= pages; n++) files.push(`/sitemap-guides-${n}.xml`);
    return sendXml(
      req,
      reply,
      'index',
      () =>
        `${XML_HEAD}<sitemapindex ${NS}>\n` +
        files.map((f) => `<sitemap>${loc(f)}</sitemap>\n`).join('') +
        '</sitemapindex>\n',
    );
  });

  app.get('/sitemap-places.xml', { schema: { hide: true } }, async (req, reply) => {
    const places = await opts.repo.places(CITY_LIST_MAX);
    const paths = new Set(['/', '/map']);
    for (const p of places) {
      paths.add(`/city/${encodeURIComponent(p.name.toLowerCase())}`);
      paths.add(`/state/${encodeURIComponent(p.state.toLowerCase())}`);
    }
    return sendXml(
      req,
      reply,
      'places',
      () =>
        `${XML_HEAD}<urlset ${NS}>\n` +
        [...paths].map((p) => `<url>${loc(p)}</url>\n`).join('') +
        '</urlset>\n',
    );
  });

  app.get<{ Params: { n: string } }>(
    '/sitemap-guides-:n(^\\d+).xml',
    { schema: { hide: true } },
    async (req, reply) => {
      const parsed = sitemapPageParam.safeParse(req.params.n);
      const pages = sitemapPages(await opts.repo.maxPublishedId());
      if (!parsed.success || parsed.data > pages)
        return reply.status(404).send({ message: `Not found: ${req.method} ${req.url}` });
      const [first, last] = sitemapIdRange(parsed.data);
      const repo = opts.repo;
      async function* lines() {
        yield `${XML_HEAD}<urlset ${NS}>\n`;
        let after = 0;
        for (;;) {
          const rows = await repo.sitemapBatch(first, last, after, BATCH);
          if (!rows.length) break;
          yield rows
            .map(
              (r) =>
                `<url>${loc(`/guide/${encodeURIComponent(r.token)}`)}<lastmod>${xmlEscape(r.updated_at)}</lastmod></url>\n`,
            )
            .join('');
          after = rows[rows.length - 1]!.id;
          if (rows.length < BATCH) break;
        }
        yield '</urlset>\n';
      }
      return sendXml(req, reply, `guides-${parsed.data}`, () => Readable.from(lines()));
    },
  );
}
