import type { Plugin } from 'vite';

/**
 * Radix's published modules are built with esbuild's keepNames: every function and component
 * is followed by `__name(Fn, "Fn")`, which sets `Function.name` for debugging and keeps each
 * name as a string in our chunks. Nothing of ours reads a Radix function's name, so in a build
 * the statements go and the inline calls become the value they wrap (about 300 B brotli on the
 * guide's first load). Only the exact shapes esbuild writes are touched; a module without its
 * helper is left alone.
 */
const HELPER =
  /^var __name = \(target, value\) => __defProp\(target, "name", \{ value, configurable: true \}\);$/m;
const STATEMENT = /^__name\([\w$]+, "[\w$]*"\);$/gm;

export function stripKeepNames(code: string): string {
  if (!HELPER.test(code)) return code;
  return code.replace(HELPER, 'var __name = (target) => target;').replace(STATEMENT, '');
}

export const stripRadixNames: Plugin = {
  name: 'earshot-strip-radix-names',
  apply: 'build',
  transform(code, id) {
    if (!id.includes('/node_modules/@radix-ui/')) return null;
    const out = stripKeepNames(code);
    return out === code ? null : { code: out, map: null };
  },
};
