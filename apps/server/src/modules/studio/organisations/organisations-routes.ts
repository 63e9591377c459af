import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createOrganisationSchema,
  errorSchema,
  idParam,
  userIdParam,
  memberSchema,
  organisationSchema,
  studioGuideSchema,
  studioMeSchema,
} from '@earshot/core';
import type { StudioService } from './organisations-service.js';

const bearer = 'Needs `Authorization: Bearer <token>`.';
const denied = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const noContent = z.null().describe('No content');
const organisationParams = z.object({ id: idParam });

/** The studio's organisation calls (docs/studio.md, Calls); registered under /studio. */
export const studioRoutes =
  (studio: StudioService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/me',
      {
        config: { studio: 'signed-in' },
        schema: {
          summary: "The signed-in user's studio roles and organisations",
          description: `${bearer} An admin is listed with every organisation.`,
          tags: ['studio'],
          response: { 200: studioMeSchema, 401: errorSchema },
        },
      },
      async (req) => studio.me(await app.currentUser(req)),
    );

    app.get(
      '/organisations',
      {
        config: { studio: 'admin' },
        schema: {
          summary: 'Every organisation (admin)',
          description: bearer,
          tags: ['studio'],
          response: { 200: z.array(organisationSchema), ...denied },
        },
      },
      async (req) => studio.organisations(await app.currentUser(req)),
    );

    app.post(
      '/organisations',
      {
        config: { studio: 'admin' },
        schema: {
          summary: 'Create an organisation (admin)',
          description: `${bearer} The slug is made from the name when left out.`,
          tags: ['studio'],
          body: createOrganisationSchema,
          response: { 201: organisationSchema, ...denied, 409: errorSchema },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(await studio.createOrganisation(await app.currentUser(req), req.body)),
    );

    app.get(
      '/organisations/:id/members',
      {
        config: { studio: 'organisation' },
        schema: {
          summary: "An organisation's publishers (its members and admins)",
          description: bearer,
          tags: ['studio'],
          params: organisationParams,
          response: { 200: z.array(memberSchema), ...denied },
        },
      },
      async (req) => studio.members(await app.currentUser(req), req.params.id),
    );

    app.delete(
      '/organisations/:id/members/:userId',
      {
        config: { studio: 'admin' },
        schema: {
          summary: 'Remove a publisher from an organisation (admin)',
          description: bearer,
          tags: ['studio'],
          params: z.object({ id: idParam, userId: userIdParam }),
          response: { 204: noContent, ...denied },
        },
      },
      async (req, reply) => {
        await studio.removeMember(await app.currentUser(req), req.params.id, req.params.userId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/guides',
      {
        config: { studio: 'organisation' },
        schema: {
          summary: "An organisation's guides with their status",
          description: `${bearer} Published guides and drafts, the latest edit first.`,
          tags: ['studio'],
          querystring: z.object({ organisation: idParam }).strict(),
          response: { 200: z.array(studioGuideSchema), ...denied },
        },
      },
      async (req) => studio.guides(await app.currentUser(req), req.query.organisation),
    );
  };
