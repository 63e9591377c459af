import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import type { Services } from '../services.js';

export type ModuleMeta = {
  /** The module's name: other modules name it in their `dependencies`. */
  name: string;
  /** Modules that must be registered first (Fastify refuses to start otherwise). */
  dependencies?: string[];
  /**
   * True (the default): the module's hooks, parsers and routes stay in its own context.
   * False: what it adds lands on the instance it is registered on (the root), for a module
   * whose hooks or decorators every later route must see (identity, the studio's preview guard).
   */
  encapsulate?: boolean;
};

/**
 * A server module: one Fastify plugin taking the app's services (decision 0019), named for
 * Fastify the way fastify-plugin does (its `plugin-meta`, `display-name`
 * and `skip-override` symbols, which Fastify itself reads): Fastify then checks each module's
 * dependencies as it registers it. fastify-plugin is only a dependency of our dependencies.
 */
export function modulePlugin<Options extends FastifyPluginOptions = Services>(
  meta: ModuleMeta,
  fn: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  const named = fn as FastifyPluginAsync<Options> & Record<symbol, unknown>;
  named[Symbol.for('plugin-meta')] = { name: meta.name, dependencies: meta.dependencies ?? [] };
  named[Symbol.for('fastify.display-name')] = meta.name;
  if (meta.encapsulate === false) named[Symbol.for('skip-override')] = true;
  return named;
}
