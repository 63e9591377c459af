import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { jobsPlugin, periodicJob } from '../src/plugins/periodic-job.js';
import { modulePlugin } from '../src/plugins/module-plugin.js';
import type { Services } from '../src/services.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A bare Fastify app with the jobs registry, its error log lines kept. */
async function appWithJobs() {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level: 'error', stream: { write: (l: string) => lines.push(JSON.parse(l)) } },
  });
  await app.register(jobsPlugin);
  return { app, lines };
}

let open: FastifyInstance | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('periodicJob', () => {
  it('runs on demand through app.jobs.run, which settles when the run is over', async () => {
    const { app } = await appWithJobs();
    open = app;
    let runs = 0;
    periodicJob(app, {
      name: 'counting',
      everyMs: 60 * 60 * 1000,
      run: async () => {
        await wait(20);
        runs++;
      },
    });
    await app.ready();
    expect(runs).toBe(0);
    await app.jobs.run('counting');
    expect(runs).toBe(1);
    await app.jobs.run('counting');
    expect(runs).toBe(2);
    expect(app.jobs.names()).toEqual(['counting']);
    await expect(app.jobs.run('nothing')).rejects.toThrow('no periodic job named nothing');
  });

  it('runs once at start when asked, then on its timer, and stops when the app closes', async () => {
    const { app } = await appWithJobs();
    let runs = 0;
    periodicJob(app, {
      name: 'ticking',
      everyMs: 20,
      atStart: true,
      run: async () => {
        runs++;
      },
    });
    await app.ready();
    expect(runs).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 50 && runs < 3; i++) await wait(20);
    expect(runs).toBeGreaterThanOrEqual(3);
    await app.close();
    const atClose = runs;
    await wait(100);
    expect(runs).toBe(atClose);
  });

  it('logs a failing run under its name, and the next run still comes', async () => {
    const { app, lines } = await appWithJobs();
    open = app;
    let runs = 0;
    periodicJob(app, {
      name: 'flaky sweep',
      everyMs: 20,
      run: async () => {
        runs++;
        if (runs === 1) throw new Error('the database went away');
      },
    });
    await app.ready();
    // On demand too, a failure is logged, not thrown at the caller.
    await app.jobs.run('flaky sweep');
    for (let i = 0; i < 50 && runs < 3; i++) await wait(20);
    expect(runs).toBeGreaterThanOrEqual(3);
    const failed = lines.filter((l) => l.msg === 'flaky sweep failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.err).toMatchObject({ message: 'the database went away' });
  });

  it('refuses a second job of the same name', async () => {
    const { app } = await appWithJobs();
    open = app;
    const job = { name: 'twice', everyMs: 1000, run: async () => {} };
    periodicJob(app, job);
    expect(() => periodicJob(app, job)).toThrow('periodic job twice is registered twice');
  });
});

describe('modulePlugin', () => {
  const noServices = {} as Services;

  it('refuses a module registered before a module it depends on', async () => {
    const app = Fastify();
    open = app;
    const late = modulePlugin({ name: 'late', dependencies: ['early'] }, async () => {});
    await expect(app.register(late, noServices)).rejects.toThrow(/early/);
  });

  it('keeps what a module adds in its own context unless it asks otherwise', async () => {
    const app = Fastify();
    open = app;
    const early = modulePlugin({ name: 'early', encapsulate: false }, async (m) => {
      m.decorate('shared', 1);
    });
    const late = modulePlugin({ name: 'late', dependencies: ['early'] }, async (m) => {
      m.decorate('own', 2);
    });
    await app.register(early, noServices);
    await app.register(late, noServices);
    await app.ready();
    expect(app.hasDecorator('shared')).toBe(true);
    expect(app.hasDecorator('own')).toBe(false);
  });
});
