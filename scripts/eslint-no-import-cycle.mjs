// ESLint rule earshot/no-import-cycle: a file may not import (through any chain of relative
// imports) something that imports it back, type-only imports included. import-x/no-cycle skips
// `import type` (no cycle at run time), which let the database layer import the auth module
// while the auth module imported the database layer's types: layers must point one way.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTS = ['.ts', '.tsx', '.mts'];
const isFile = (p) => fs.statSync(p, { throwIfNoEntry: false })?.isFile() === true;

/** The source file a relative specifier (`./x.js`, `../y`) names, or undefined. */
function resolveRelative(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    base,
    ...EXTS.map((e) => stem + e),
    ...EXTS.map((e) => path.join(base, `index${e}`)),
  ];
  return candidates.find((c) => EXTS.includes(path.extname(c)) && isFile(c));
}

// One parse per file and version for the whole lint run.
const cache = new Map();
function importsOf(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return [];
  const hit = cache.get(file);
  if (hit?.mtimeMs === stat.mtimeMs) return hit.deps;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  const deps = [
    ...new Set(importedFiles.map((i) => resolveRelative(file, i.fileName)).filter(Boolean)),
  ];
  cache.set(file, { mtimeMs: stat.mtimeMs, deps });
  return deps;
}

/** The shortest chain of imports from `start` back to `target`, or undefined. */
function chainBack(start, target) {
  const parent = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const dep of importsOf(file)) {
      if (parent.has(dep)) continue;
      parent.set(dep, file);
      if (dep === target) {
        const chain = [];
        for (let f = dep; f !== undefined; f = parent.get(f)) chain.unshift(f);
        return chain;
      }
      queue.push(dep);
    }
  }
  return undefined;
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles, type-only imports included' },
    schema: [],
    messages: {
      cycle:
        'Import cycle (type-only imports count): {{chain}}. Make the dependency point one way.',
    },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (!path.isAbsolute(filename)) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const target = resolveRelative(filename, spec);
      if (!target || target === filename) return;
      const chain = chainBack(target, filename);
      if (!chain) return;
      const root = context.cwd;
      const shown = [filename, ...chain].map((f) => path.relative(root, f)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { chain: shown } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
