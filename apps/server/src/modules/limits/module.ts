import { SIGN_IN_LOCKOUT } from '@earshot/core';
import { modulePlugin } from '../../plugins/module-plugin.js';
import { periodicJob } from '../../plugins/periodic-job.js';

/** How often ended write windows and old sign-in failures are deleted (and once at start). */
const SWEEP_MS = 5 * 60 * 1000;
const LONGEST_LOCKOUT_MS = Math.max(...Object.values(SIGN_IN_LOCKOUT).map((r) => r.windowMs));

/**
 * The shared limits (decision 0015): the write-limit store and the sign-in lockout count in
 * `services.limits`; this module sweeps the rows that no longer count. Every node sweeps; a
 * delete of what is already gone does nothing.
 */
export const limitsModule = modulePlugin(
  { name: 'limits', dependencies: ['jobs'] },
  async (app, s) => {
    periodicJob(app, {
      name: 'shared limits sweep',
      everyMs: SWEEP_MS,
      atStart: true,
      run: () => s.limits.sweep(Date.now(), LONGEST_LOCKOUT_MS),
    });
  },
);
