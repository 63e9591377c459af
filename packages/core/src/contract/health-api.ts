import { z } from 'zod';

/**
 * The health calls a load balancer or orchestrator uses (docs/scale-out.md, docs/deploy.md):
 * `live` says the process is up and touches nothing; `ready` says this node should get
 * traffic (database answers with every migration applied, object storage reachable when
 * configured, not shutting down).
 */
export const liveSchema = z.object({ status: z.literal('live') });
export const readySchema = z.object({ status: z.literal('ready') });
export const notReadySchema = z.object({
  status: z.literal('not ready'),
  /** What is wrong, for the operator: `shutting down`, `database: …`, `migrations: …`. */
  reason: z.string(),
});
export type NotReady = z.infer<typeof notReadySchema>;
