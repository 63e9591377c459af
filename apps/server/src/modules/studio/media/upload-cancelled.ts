import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../../plugins/errors.js';

/** nginx's "client closed request": nobody reads the answer, the log says what happened. */
export const CLIENT_CLOSED = 499;

/** Whether a body stopped because its sender went away (Cancel, a closed tab, lost network). */
export function senderGone(req: FastifyRequest, e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return (
    req.raw.destroyed ||
    req.raw.readableAborted ||
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE'
  );
}

/**
 * Runs an upload's work; when its sender went away midway (a publisher's Cancel is the usual
 * one) that is logged at info, not as a failure of the server, and answered 499.
 */
export async function unlessCancelled<T>(
  req: FastifyRequest,
  what: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof HttpError || !senderGone(req, e)) throw e;
    req.log.info({ reqId: req.id, reason: (e as Error).message }, `${what} cancelled`);
    throw new HttpError(CLIENT_CLOSED, `The ${what} was cancelled`);
  }
}
