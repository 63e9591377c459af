import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANSWER_MESSAGES,
  PHOTO_MAX_DATA_URL_LENGTH,
  correctAnswerSchema,
  createUserAnswerSchema,
  errorSchema,
  idParam,
  idempotencyKeySchema,
  userAnswerSchema,
} from '@earshot/core';
import type { Page } from '../resources/repository.js';
import type { AnswersService } from './answers-service.js';
import { visibilityOf } from '../content/visibility.js';
import {
  bearerNote,
  idParams,
  noContent,
  ownErrors,
  pagedQuery,
  refuse,
  signedIn,
} from './route-kit.js';

type Paged<F> = F & Page;
const CORRECT_FROM_BUNDLE = 'Correct answers come with the guide bundle, not through the API';
const refused = { ...ownErrors, 405: errorSchema };

/** GET/POST user_answers (the signed-in user's own) and GET correct_answers (of those). */
export const answersRoutes =
  (answers: AnswersService): FastifyPluginAsyncZod =>
  async (app) => {
    const own = signedIn(app);
    const tags = ['participation'];

    app.get(
      '/user_answers',
      {
        onRequest: own,
        schema: {
          summary: "The signed-in user's answers, by challenge or hunt (needs sign-in)",
          description: bearerNote,
          tags,
          querystring: pagedQuery('user_answers', {
            challenge: idParam,
            challenge__scavenger_hunt: idParam,
          }),
          response: { 200: z.array(userAnswerSchema), ...ownErrors },
        },
      },
      async (req) => {
        const user = await app.requireUser(req);
        const { limit, offset, ...f } = req.query as Paged<{
          challenge?: number;
          challenge__scavenger_hunt?: number;
        }>;
        return answers.list(user.id, f, { limit, offset });
      },
    );

    app.get(
      '/user_answers/:id/',
      {
        onRequest: own,
        schema: {
          summary: "One of the signed-in user's answers (needs sign-in)",
          description: bearerNote,
          tags,
          params: idParams,
          response: { 200: userAnswerSchema, ...ownErrors },
        },
      },
      async (req) => answers.one((await app.requireUser(req)).id, req.params.id),
    );

    app.post(
      '/user_answers/',
      {
        onRequest: own,
        // A photo travels as a base64 data URL: room for the largest one allowed. A larger
        // body can only be a larger photo: a 400 like every other refused answer, so that an
        // offline queue drops it rather than sending it again.
        bodyLimit: PHOTO_MAX_DATA_URL_LENGTH + 4096,
        errorHandler: (err, _req, reply) => {
          if ((err as { code?: string }).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw err;
          void reply.status(400).send({ message: ANSWER_MESSAGES.photoTooLarge });
        },
        schema: {
          summary: 'Answer a challenge (needs sign-in)',
          description:
            'One answer per user and challenge, never changed. Value: digits for a number ' +
            'challenge, text for a text one, the chosen option id for multiple choice, a ' +
            'base64 data URL of a JPEG, PNG, WebP, GIF, AVIF or HEIC image of at most 10 MB ' +
            'and 50 megapixels for a photo (stored with medium and thumbnail versions). ' +
            'Multiple-choice, number and text answers are checked at once; photos wait for a ' +
            'reviewer. With an `Idempotency-Key` header a repeated request answers 200 with the ' +
            'answer the first one stored, never storing a second. A new answer is counted in ' +
            "the guide's insights (no user) on the local day and hour of `X-Local-Time: " +
            "YYYY-MM-DDTHH` when valid, else the server's UTC clock, in the language of " +
            '`X-Language` when given.',
          tags,
          headers: z.looseObject({
            'idempotency-key': idempotencyKeySchema.optional(),
            // For insights (docs/insights.md): when the answer was given, in the visit's
            // language. Malformed values are ignored (the server's UTC clock is used).
            'x-local-time': z.string().max(40).optional(),
            'x-language': z.string().max(40).optional(),
          }),
          body: createUserAnswerSchema,
          response: {
            200: userAnswerSchema.describe('The answer an earlier request with this key stored'),
            201: userAnswerSchema,
            ...ownErrors,
            409: errorSchema,
          },
        },
      },
      async (req, reply) => {
        const user = await app.requireUser(req);
        const key = req.headers['idempotency-key'] as string | undefined;
        const { status, answer } = await answers.create(user.id, req.body, key, {
          localTime: req.headers['x-local-time'] as string | undefined,
          language: req.headers['x-language'] as string | undefined,
          visibility: visibilityOf(req),
        });
        return reply.status(status).send(answer);
      },
    );

    for (const method of ['patch', 'delete'] as const) {
      app[method](
        '/user_answers/:id/',
        {
          onRequest: own,
          schema: {
            summary: `Refused: ${ANSWER_MESSAGES.unchangeable.toLowerCase()} (needs sign-in)`,
            tags,
            params: idParams,
            response: {
              ...(method === 'patch' ? { 200: userAnswerSchema } : { 204: noContent }),
              ...refused,
            },
          },
        },
        async (req, reply) => {
          await answers.one((await app.requireUser(req)).id, req.params.id);
          return refuse(reply, 'GET', ANSWER_MESSAGES.unchangeable);
        },
      );
    }

    app.get(
      '/correct_answers',
      {
        onRequest: own,
        schema: {
          summary: 'Correct answers of the challenges the signed-in user has answered',
          description: `${bearerNote} Challenges not answered yet give none (docs/decisions/0002).`,
          tags,
          querystring: pagedQuery('correct_answers', { challenge: idParam }),
          response: { 200: z.array(correctAnswerSchema), ...ownErrors },
        },
      },
      async (req) => {
        const user = await app.requireUser(req);
        const { limit, offset, ...f } = req.query as Paged<{ challenge?: number }>;
        return answers.correctAnswers(user.id, f, { limit, offset });
      },
    );

    app.get(
      '/correct_answers/:id/',
      {
        onRequest: own,
        schema: {
          summary: 'One correct answer of a challenge the signed-in user has answered',
          description: bearerNote,
          tags,
          params: idParams,
          response: { 200: correctAnswerSchema, ...ownErrors },
        },
      },
      async (req) => answers.correctAnswer((await app.requireUser(req)).id, req.params.id),
    );

    app.post(
      '/correct_answers/',
      {
        onRequest: own,
        schema: {
          summary: 'Refused: correct answers come with the guide bundle (needs sign-in)',
          tags,
          response: { 201: correctAnswerSchema, ...refused },
        },
      },
      async (_req, reply) => refuse(reply, 'GET', CORRECT_FROM_BUNDLE),
    );
    for (const method of ['patch', 'delete'] as const) {
      app[method](
        '/correct_answers/:id/',
        {
          onRequest: own,
          schema: {
            summary: 'Refused: correct answers come with the guide bundle (needs sign-in)',
            tags,
            params: idParams,
            response: {
              ...(method === 'patch' ? { 200: correctAnswerSchema } : { 204: noContent }),
              ...refused,
            },
          },
        },
        async (req, reply) => {
          await answers.correctAnswer((await app.requireUser(req)).id, req.params.id);
          return refuse(reply, 'GET', CORRECT_FROM_BUNDLE);
        },
      );
    }
  };
