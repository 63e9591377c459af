import type { FastifyInstance } from 'fastify';

/**
 * While the node shuts down, each answer closes its connection (`Connection: close`), so a
 * client on a kept-alive connection goes to another node for its next request and the node
 * is not held up until the keep-alive timeout. (Fastify does this itself for requests that
 * arrive after the shutdown began, not for those already in flight.)
 */
export function registerDraining(app: FastifyInstance, shuttingDown: () => boolean): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    if (shuttingDown()) reply.header('connection', 'close');
    return payload;
  });
}
