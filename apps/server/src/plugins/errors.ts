import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: string[],
    /** More fields of the answer's body (a studio conflict says who saved what, and when). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}
export class BadRequestError extends HttpError {
  constructor(message: string, errors?: string[]) {
    super(400, message, errors);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Sign in required') {
    super(401, message);
  }
}

const PART: Record<string, string> = {
  params: 'path',
  querystring: 'query',
  body: 'body',
  headers: 'header',
};

/** One error handler: 4xx carry { message, errors? }; 5xx are logged and say only "Internal Server Error". */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return `${PART[err.validationContext ?? ''] ?? 'request'}${field ? ` ${field}` : ''}: ${v.message}`;
      });
      return reply.status(400).send({ message: `Invalid request: ${errors[0]}`, errors });
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({
        message: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
        ...err.extra,
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ message: err.message });
    req.log.error({ err, reqId: req.id }, 'request failed');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });
}
