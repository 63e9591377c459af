type ZodSettings = { jitless?: boolean };
const global = globalThis as { __zod_globalConfig?: ZodSettings };

/**
 * Zod probes for `new Function` (to compile faster parsers) as each object schema is built;
 * the Content-Security-Policy allows no eval, so every probe would be reported as a violation.
 * Zod keeps its settings on this global (shared by every copy of it), so the entry can turn
 * the probe off before any lazily loaded screen builds a schema, without loading zod itself.
 * test/no-eval.test.ts checks that zod reads it.
 */
export function forbidZodEval() {
  // The same object whether zod has loaded yet or not (it keeps the one it finds).
  (global.__zod_globalConfig ??= {}).jitless = true;
}
