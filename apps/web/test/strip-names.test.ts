import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripKeepNames } from '../strip-names';

const HELPER =
  'var __name = (target, value) => __defProp(target, "name", { value, configurable: true });';

describe('stripKeepNames (the Radix modules esbuild built with keepNames)', () => {
  it.each([
    [
      'drops the statements and turns the helper into the identity',
      `${HELPER}\nfunction a() {}\n__name(a, "a");\nvar B = __name((p) => p, "B");\n`,
      'var __name = (target) => target;\nfunction a() {}\n\nvar B = __name((p) => p, "B");\n',
    ],
    [
      'leaves a module without the helper alone (its __name is not ours to change)',
      'function a() {}\n__name(a, "a");\n',
      'function a() {}\n__name(a, "a");\n',
    ],
    [
      'keeps a call that is part of a longer line',
      `${HELPER}\nx = 1; __name(a, "a");\n`,
      'var __name = (target) => target;\nx = 1; __name(a, "a");\n',
    ],
  ])('%s', (_name, code, want) => {
    expect(stripKeepNames(code)).toBe(want);
  });

  it('matches the helper as @radix-ui/primitive ships it', async () => {
    // Vitest runs in apps/web; the packages are installed at the repository's root.
    const file = path.resolve('../../node_modules/@radix-ui/primitive/dist/index.mjs');
    const source = await readFile(file, 'utf8');
    const out = stripKeepNames(source);
    expect(out).not.toBe(source);
    expect(out).not.toMatch(/^__name\(/m);
  });
});
