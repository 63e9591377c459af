import type { FastifyInstance } from 'fastify';
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan } from '@earshot/core';
import { BadRequestError } from './errors.js';

/**
 * JSON bodies as Fastify parses them (secure-json-parse: `__proto__` and `constructor` keys
 * refused), and refused with 400 when they nest too deeply (core json-depth.ts): what reads a
 * body next, a schema or the identity service's bridge (JSON.stringify), walks it recursively.
 * Plugins' own JSON readers (insights' text/plain) use `parseBoundedJson` too.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonNestsDeeperThan(body as string))
      return done(new BadRequestError(JSON_TOO_DEEP_MESSAGE));
    void parse(req, body as string, done);
  });
}

/** JSON.parse of a body, refused (400) when it nests too deeply or is not JSON. */
export function parseBoundedJson(body: string): unknown {
  if (jsonNestsDeeperThan(body)) throw new BadRequestError(JSON_TOO_DEEP_MESSAGE);
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new BadRequestError('The body is not JSON');
  }
}
