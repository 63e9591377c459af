// deploy/compose.yaml as data, for the tests that check it (deploy-compose.test.ts) and run
// its layout on this machine (deploy-layout.test.ts): the services with compose's merge keys
// resolved, the app nodes (the services built from deploy/Dockerfile) and compose's `${…}`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const readRepoFile = (p: string) => readFileSync(path.join(REPO_ROOT, p), 'utf8');

export type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  stop_grace_period?: string;
  volumes?: string[];
  entrypoint?: string[];
  command?: string[];
};

export const services = (
  parse(readRepoFile('deploy/compose.yaml'), { merge: true }) as {
    services: Record<string, Service>;
  }
).services;

/** The app nodes, [name, service], in the file's order. */
export const nodeServices = Object.entries(services).filter(
  ([, s]) => s.build?.dockerfile === 'deploy/Dockerfile',
);

/** Compose's `${VAR}`, `${VAR:-default}` and `${VAR:?message}`, with `env` as the shell's. */
export const interpolate = (value: string, env: Record<string, string>) =>
  value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_m, name: string, op?: string, arg = '') => {
    if (env[name]) return env[name];
    if (op === '-') return arg;
    throw new Error(`${name} is required: ${arg}`);
  });

/** A node's environment as compose gives it, `${…}` resolved with `shell`. */
export const nodeEnvironment = (name: string, shell: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(services[name]?.environment ?? {}).map(([k, v]) => [
      k,
      interpolate(String(v), shell),
    ]),
  );
