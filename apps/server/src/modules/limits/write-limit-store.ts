import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { writeVerdict } from '@earshot/core';
import { limitKey, type LimitsRepository } from './repository.js';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/**
 * A store for @fastify/rate-limit that counts in the database (core `windowAfterWrite`, one
 * upsert per write), so every node counts each address together. Like the plugin's own
 * in-memory store, each route gets a child that counts on its own: the limit is per address
 * and route (docs/decisions/0015).
 */
export function writeLimitStore(
  limits: LimitsRepository,
  now: () => number = Date.now,
): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly route = '*',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const t = now();
      limits.hitWrite(limitKey('write', this.route, key), t, timeWindow).then(
        (window) =>
          callback(null, { current: window.count, ttl: writeVerdict(window, t, max).ttlMs }),
        (e: unknown) => callback(e instanceof Error ? e : new Error(String(e))),
      );
    }

    child(params: unknown): FastifyRateLimitStore {
      // The plugin hands its merged route settings, the route itself under `routeInfo`.
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } })
        .routeInfo;
      const method = [route?.method ?? '*'].flat().join(',');
      return new DatabaseStore(undefined, `${method} ${route?.url ?? '*'}`);
    }
  }
  return DatabaseStore;
}
