import type { FastifyInstance, FastifyPluginOptions } from 'fastify';
import { modulePlugin } from './module-plugin.js';

export type PeriodicJobOptions = {
  /** The job's name, in its log lines and for `app.jobs.run(name)`. */
  name: string;
  /** How often it runs. */
  everyMs: number;
  /** One run (what it answers is dropped). A failure is logged; the next run comes as planned. */
  run: () => Promise<unknown>;
  /** Also run once when the app is ready (before it answers), awaited. */
  atStart?: boolean;
};

export type Jobs = {
  /** Runs the named job now (what its timer would do) and settles when that run is over. */
  run(name: string): Promise<void>;
  /** The names of the jobs registered so far. */
  names(): string[];
  /** Keeps a job's run under its name (periodicJob below). */
  add(name: string, run: () => Promise<void>): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's periodic jobs (periodic-job.ts), run on demand by tests and tools. */
    jobs: Jobs;
  }
}

/**
 * Decorates the root with `jobs`, where every `periodicJob` is kept by name. Not
 * encapsulated: every module sees it.
 */
export const jobsPlugin = modulePlugin<FastifyPluginOptions>(
  { name: 'jobs', encapsulate: false },
  async (app) => {
    const runs = new Map<string, () => Promise<void>>();
    const jobs: Jobs = {
      add(name, run) {
        if (runs.has(name)) throw new Error(`periodic job ${name} is registered twice`);
        runs.set(name, run);
      },
      async run(name) {
        const run = runs.get(name);
        if (!run) throw new Error(`no periodic job named ${name}`);
        await run();
      },
      names: () => [...runs.keys()],
    };
    app.decorate('jobs', jobs);
  },
);

/**
 * A background job of the app (sweeps of expired rows and files): run every `everyMs` on a
 * timer that keeps no process alive, and once at start when `atStart`; the timer stops when
 * the app closes. A failing run is logged as `{name} failed` and does not stop the next one.
 * `app.jobs.run(name)` runs it on demand (decision 0019).
 */
export function periodicJob(app: FastifyInstance, job: PeriodicJobOptions): void {
  const run = () =>
    job.run().then(
      () => undefined,
      (e: unknown) => app.log.error({ err: e }, `${job.name} failed`),
    );
  app.jobs.add(job.name, run);
  if (job.atStart)
    app.addHook('onReady', async () => {
      await run();
    });
  const timer = setInterval(() => void run(), job.everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
