import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParam } from '@earshot/core';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../../plugins/errors.js';
import type { ResourceDef } from './registry.js';

const resourceName = z.string().regex(/^[a-z_]{1,40}$/, 'a resource name in snake_case');

/** GET {resource} and GET {resource}/{id}/; writes need sign-in (a later issue). */
export const resourceRoutes =
  (registry: Record<string, ResourceDef>): FastifyPluginAsyncZod =>
  async (app) => {
    const find = (name: string) => {
      const def = Object.hasOwn(registry, name) ? registry[name] : undefined;
      if (!def) throw new NotFoundError(`Unknown resource "${name}"`);
      return def;
    };
    const description = `Resources: ${Object.keys(registry).join(', ')}. Filters per resource: ${Object.entries(
      registry,
    )
      .map(([n, d]) => `${n} (${Object.keys(d.filters).join(', ') || 'none'})`)
      .join('; ')}.`;

    app.get(
      '/:resource',
      {
        schema: {
          summary: 'List a resource, with Django-style filters such as ?guide__token=',
          description,
          tags: ['resources'],
          params: z.object({ resource: resourceName }),
          querystring: z.record(z.string(), z.string()),
          response: {
            200: z.array(z.unknown()),
            400: errorSchema,
            401: errorSchema,
            404: errorSchema,
          },
        },
      },
      async (req) => {
        const def = find(req.params.resource);
        if (def.signedIn) throw new UnauthorizedError();
        const filters: Record<string, string | number> = {};
        const problems: string[] = [];
        for (const [key, raw] of Object.entries(req.query)) {
          const schema = Object.hasOwn(def.filters, key) ? def.filters[key] : undefined;
          if (!schema) {
            const allowed = Object.keys(def.filters).join(', ') || 'none';
            problems.push(
              `query ${key}: unknown filter for ${req.params.resource} (allowed: ${allowed})`,
            );
            continue;
          }
          const parsed = schema.safeParse(raw);
          if (parsed.success) filters[key] = parsed.data;
          else problems.push(`query ${key}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
        }
        if (problems.length) throw new BadRequestError(`Invalid request: ${problems[0]}`, problems);
        return def.list(filters);
      },
    );

    app.get(
      '/:resource/:id/',
      {
        schema: {
          summary: 'One item of a resource by id',
          tags: ['resources'],
          params: z.object({ resource: resourceName, id: idParam }),
          response: { 200: z.unknown(), 400: errorSchema, 401: errorSchema, 404: errorSchema },
        },
      },
      async (req) => {
        const def = find(req.params.resource);
        if (def.signedIn) throw new UnauthorizedError();
        const item = await def.get(req.params.id);
        if (item === undefined)
          throw new NotFoundError(`No ${req.params.resource} with id ${req.params.id}`);
        return item;
      },
    );

    const write = async (req: { params: { resource: string } }) => {
      find(req.params.resource);
      throw new UnauthorizedError();
    };
    const writeSchema = (withId: boolean) => ({
      schema: {
        summary: 'Create, change or delete (needs sign-in)',
        tags: ['resources'],
        params: withId
          ? z.object({ resource: resourceName, id: idParam })
          : z.object({ resource: resourceName }),
        response: { 401: errorSchema, 404: errorSchema },
      },
    });
    app.post('/:resource/', writeSchema(false), write);
    app.patch('/:resource/:id/', writeSchema(true), write);
    app.delete('/:resource/:id/', writeSchema(true), write);
  };
