import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boundedIntParam, errorSchema, idParam, MAX_ID } from '@earshot/core';
import { NotFoundError, UnauthorizedError } from '../../plugins/errors.js';
import type { ResourceDef } from './registry.js';
import { visibilityOf } from '../content/visibility.js';

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 1000;

const limit = boundedIntParam(
  1,
  MAX_PAGE_LIMIT,
  `limit is a whole number from 1 to ${MAX_PAGE_LIMIT}`,
).default(DEFAULT_PAGE_LIMIT);
const offset = boundedIntParam(0, MAX_ID, `offset is a whole number from 0 to ${MAX_ID}`).default(
  0,
);
const resourceName = z.string().regex(/^[a-z_]{1,40}$/, 'a resource name in snake_case');
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
const needsSignIn = async () => {
  throw new UnauthorizedError();
};

/** How a paged list's query reads, for its documentation. */
export const PAGED_NOTE = `Paged: limit (default ${DEFAULT_PAGE_LIMIT}, at most ${MAX_PAGE_LIMIT}) and offset.`;

/** The query of GET {resource}: its filters, limit and offset; anything else is refused by name. */
export function listQuery(name: string, def: Pick<ResourceDef, 'filters'>) {
  const allowed = [...Object.keys(def.filters), 'limit', 'offset'].join(', ');
  return z.strictObject(
    {
      ...Object.fromEntries(Object.entries(def.filters).map(([k, s]) => [k, s.optional()])),
      limit,
      offset,
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `unknown filter ${iss.keys.map((k) => `"${k}"`).join(', ')} for ${name} (allowed: ${allowed})`
          : undefined,
    },
  );
}

/**
 * GET {resource} (paged) and GET {resource}/{id}/, one documented route per resource; writes
 * need sign-in (a later issue). Names that are no resource answer 404.
 */
export const resourceRoutes =
  (registry: Record<string, ResourceDef>): FastifyPluginAsyncZod =>
  async (app) => {
    // A signed-in caller's request skips the content cache (it carries Authorization), so the
    // items can be theirs; an unusable token just sees what a visitor sees.
    const personal = async (def: ResourceDef, req: FastifyRequest, items: unknown[]) => {
      if (!def.forUser || !req.headers.authorization) return items;
      const user = await app.currentUser(req);
      return user ? def.forUser(items, user.id) : items;
    };
    for (const [name, def] of Object.entries(registry)) {
      const tags = ['resources'];
      const config = { contentCache: true };
      if (def.listed !== false) {
        app.get(
          `/${name}`,
          {
            config,
            schema: {
              summary: def.summary,
              description: PAGED_NOTE,
              tags,
              querystring: listQuery(name, def),
              response: { 200: z.array(def.item), ...errors },
            },
          },
          async (req) => {
            const {
              limit: l,
              offset: o,
              ...filters
            } = req.query as Record<string, string | number | undefined>;
            const items = await def.list(
              filters,
              { limit: l as number, offset: o as number },
              visibilityOf(req),
            );
            return personal(def, req, items);
          },
        );
      }
      app.get(
        `/${name}/:id/`,
        {
          config,
          schema: {
            summary: `One of ${name} by id`,
            tags,
            params: z.object({ id: idParam }),
            response: { 200: def.item, ...errors },
          },
        },
        async (req) => {
          const item = await def.get(req.params.id, visibilityOf(req));
          if (item === undefined) throw new NotFoundError(`No ${name} with id ${req.params.id}`);
          return (await personal(def, req, [item]))[0];
        },
      );
      const write = (summary: string, status: 200 | 201 | 204, withId: boolean) => ({
        onRequest: needsSignIn,
        schema: {
          summary: `${summary} (needs sign-in)`,
          tags,
          ...(withId ? { params: z.object({ id: idParam }) } : {}),
          ...(status === 201 && def.createBody ? { body: def.createBody } : {}),
          response: {
            [status]: status === 204 ? z.null().describe('No content') : def.item,
            ...errors,
          },
        },
      });
      app.post(`/${name}/`, write(`Create one of ${name}`, 201, false), needsSignIn);
      app.patch(`/${name}/:id/`, write(`Change one of ${name}`, 200, true), needsSignIn);
      app.delete(`/${name}/:id/`, write(`Delete one of ${name}`, 204, true), needsSignIn);
    }

    // Any other name: a clear 404 (or 400 for a name that cannot be a resource). Not documented.
    const unknown = async (req: { params: { resource: string } }) => {
      throw new NotFoundError(
        `Unknown resource "${req.params.resource}" (resources: ${Object.keys(registry).join(', ')})`,
      );
    };
    const hidden = (withId: boolean) => ({
      schema: {
        hide: true,
        params: withId
          ? z.object({ resource: resourceName, id: z.string() })
          : z.object({ resource: resourceName }),
      },
    });
    app.get('/:resource', hidden(false), unknown);
    app.get('/:resource/:id/', hidden(true), unknown);
    app.post('/:resource/', hidden(false), unknown);
    app.patch('/:resource/:id/', hidden(true), unknown);
    app.delete('/:resource/:id/', hidden(true), unknown);
  };
