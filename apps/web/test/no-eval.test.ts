import { describe, expect, it } from 'vitest';
import { config, z } from 'zod';
import { forbidZodEval } from '../src/shared/api/no-eval';

describe('forbidZodEval', () => {
  it('sets the jitless setting zod reads, so building a schema never probes for eval', () => {
    forbidZodEval();
    expect(config().jitless).toBe(true);
    const probe = globalThis.Function;
    let probed = false;
    globalThis.Function = new Proxy(probe, {
      construct: (t, args: string[]) => {
        probed = true;
        return new t(...args);
      },
      apply: (t, self, args: string[]) => {
        probed = true;
        return t.apply(self, args);
      },
    });
    try {
      expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
    } finally {
      globalThis.Function = probe;
    }
    expect(probed).toBe(false);
  });
});
