import type { FastifyInstance } from 'fastify';

/**
 * NODE_NAME: every answer names the node that made it (`X-Earshot-Node`), so an operator (and
 * the two-node tests) can tell which node a request reached. Set on the raw response first
 * thing, so answers written straight from the response cache carry it too.
 */
export function registerNodeName(app: FastifyInstance, name: string): void {
  app.addHook('onRequest', (_req, reply, done) => {
    reply.raw.setHeader('x-earshot-node', name);
    done();
  });
}
