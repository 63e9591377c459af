import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorSchema, idParam } from '@earshot/core';
import { HttpError } from '../../plugins/errors.js';
import type { ResourceDef } from '../resources/registry.js';
import { listQuery } from '../resources/routes.js';

/** Pieces the participation routes share: sign-in first, paged lists, refused writes. */

export const noContent = z.null().describe('No content');
export const idParams = z.object({ id: idParam });
export const bearerNote =
  "Needs `Authorization: Bearer <token>`; answers only the signed-in user's own rows.";
export const ownErrors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/** GET {resource}'s query: its filters, limit and offset, anything else refused by name. */
export const pagedQuery = (name: string, filters: ResourceDef['filters']) =>
  listQuery(name, { filters });

/**
 * An onRequest hook that answers 401 before the body is even read: a visitor's request
 * carries no user, and a photo's megabytes need not be parsed to say so.
 */
export const signedIn =
  (app: FastifyInstance) => async (req: Parameters<typeof app.requireUser>[0]) => {
    await app.requireUser(req);
  };

/** 405 for a change the API never makes (answers, awards and correct answers are not edited). */
export function refuse(reply: FastifyReply, allow: string, message: string): never {
  reply.header('allow', allow);
  throw new HttpError(405, message);
}
