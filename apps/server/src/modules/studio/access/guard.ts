import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { idParam } from '@earshot/core';
import { NotFoundError } from '../../../plugins/errors.js';
import type { StudioAccess } from './access.js';

/**
 * What a studio route touches, for the guard below: `signed-in` (any user: studio/me,
 * invitations), `admin`, `guide` (the `:token` path parameter) or `organisation` (the `:id`
 * path parameter, the `organisation` query parameter or the body's `organisation_id`).
 * Left out, it is read from the route: `/guides/:token` → guide, `/organisations/:id`, an
 * `organisation` query or body field → organisation; anything else is refused.
 */
export type StudioGuardKind = 'signed-in' | 'admin' | 'guide' | 'organisation';

declare module 'fastify' {
  interface FastifyContextConfig {
    studio?: StudioGuardKind;
  }
}

const field = (obj: unknown, name: string): unknown =>
  obj && typeof obj === 'object' && !Buffer.isBuffer(obj)
    ? (obj as Record<string, unknown>)[name]
    : undefined;

function organisationOf(req: FastifyRequest): number | undefined {
  const raw =
    field(req.params, 'id') ??
    field(req.query, 'organisation') ??
    field(req.body, 'organisation_id');
  if (raw === undefined) return undefined;
  const parsed = idParam.safeParse(String(raw));
  // Not an id: nobody's organisation (fail closed; the route's own validation never runs).
  return parsed.success ? parsed.data : 0;
}

function kindOf(req: FastifyRequest): StudioGuardKind | undefined {
  const declared = req.routeOptions.config.studio;
  if (declared) return declared;
  const url = req.routeOptions.url ?? '';
  if (/\/guides\/:token\b/.test(url)) return 'guide';
  if (organisationOf(req) !== undefined) return 'organisation';
  return undefined;
}

/**
 * Every route under /api/v1/studio is checked before its input is even validated: 401 for no
 * user, then the access rule of what it touches (403/404 that tell nothing). The services
 * check again (access.ts): this guard is the net under a route that forgot.
 */
export function registerStudioGuard(studio: FastifyInstance, access: StudioAccess): void {
  studio.addHook('preValidation', async (req) => {
    const user = access.user(await studio.currentUser(req));
    const kind = kindOf(req);
    if (kind === 'signed-in') return;
    if (kind === 'admin') return access.admin(user);
    if (kind === 'guide') {
      await access.guide(user, String(field(req.params, 'token') ?? ''));
      return;
    }
    if (kind === 'organisation') {
      const id = organisationOf(req);
      if (!id) throw new NotFoundError('Not found');
      return access.organisation(user, id);
    }
    req.log.error({ url: req.routeOptions.url }, 'studio route without an access rule');
    throw new NotFoundError('Not found');
  });
}

/**
 * Routes under /api/v1/studio behind the guard above: the studio's own and other modules'
 * studio calls (insights' reports), each module in its own guarded scope.
 */
export const guardedStudio =
  (access: StudioAccess, ...parts: FastifyPluginAsync[]): FastifyPluginAsync =>
  async (studio) => {
    registerStudioGuard(studio, access);
    for (const part of parts) await studio.register(part);
  };
