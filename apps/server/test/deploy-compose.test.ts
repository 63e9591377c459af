import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES, readConfig } from '../src/config.js';
import {
  REPO_ROOT as ROOT,
  interpolate,
  nodeEnvironment,
  nodeServices as nodes,
  readRepoFile as read,
  services,
} from './support/compose.js';

// deploy/compose.yaml and deploy/Dockerfile read as files: what each says, checked against
// config.ts and the repository (docs/deploy.md, docs/scale-out.md §1). deploy-layout.test.ts
// runs the same layout with this machine's programs.
const known = new Set(SETTING_NAMES);

describe('deploy/compose.yaml', () => {
  it('starts PostgreSQL, an S3 store with its bucket, two app nodes and a proxy', () => {
    expect(services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(services.minio?.image).toMatch(/^minio\/minio/);
    expect(services['minio-bucket']?.entrypoint?.join(' ')).toContain('mc mb --ignore-existing');
    expect(nodes.map(([name]) => name)).toEqual(['node-a', 'node-b']);
    expect(services.proxy?.image).toMatch(/^caddy:2/);
  });

  it('uses only settings config.ts reads, with values it accepts', () => {
    for (const [name, node] of nodes) {
      const env = node.environment ?? {};
      expect(
        Object.keys(env).filter((k) => !known.has(k)),
        name,
      ).toEqual([]);
      // The shell gives AUTH_SECRET (compose refuses to start without it).
      expect(() => interpolate(env.AUTH_SECRET!, {})).toThrow(/AUTH_SECRET is required/);
      const config = readConfig(nodeEnvironment(name, { AUTH_SECRET: 'x'.repeat(44) }));
      expect(config.nodeName).toBe(name);
      expect(config.trustProxy).toBe(1);
      expect(config.auth.publicUrl).toBe('http://localhost:8080');
    }
  });

  it('points the nodes at the services it starts, in the order they must be up', () => {
    const pg = services.postgres!.environment!;
    for (const [name, node] of nodes) {
      const env = node.environment!;
      const db = new URL(env.DATABASE_URL!);
      expect(db.hostname, name).toBe('postgres');
      expect([db.username, db.password, db.pathname.slice(1)]).toEqual([
        pg.POSTGRES_USER,
        pg.POSTGRES_PASSWORD,
        pg.POSTGRES_DB,
      ]);
      expect(new URL(env.S3_ENDPOINT!).hostname).toBe('minio');
      expect(services['minio-bucket']!.entrypoint!.join(' ')).toContain(`local/${env.S3_BUCKET}`);
      expect(env.S3_SECRET_ACCESS_KEY).toBe(services.minio!.environment!.MINIO_ROOT_PASSWORD);
      expect(node.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        'minio-bucket': { condition: 'service_completed_successfully' },
      });
      // Docker's own stop timeout is 10 s: the nodes get longer than their grace period.
      const stopS = Number(/^(\d+)s$/.exec(node.stop_grace_period ?? '')?.[1]);
      expect(stopS * 1000).toBeGreaterThan(Number(env.SHUTDOWN_GRACE_MS));
    }
  });

  it('balances the nodes through the proxy on their ready check', () => {
    const mount = services.proxy!.volumes!.find((v) => v.includes('/etc/caddy/Caddyfile'))!;
    const caddyfile = read(path.join('deploy', mount.split(':')[0]!));
    for (const [name] of nodes) expect(caddyfile).toContain(`${name}:3000`);
    expect(caddyfile).toMatch(/health_uri \/api\/health\/ready/);
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');

  it('copies only what the repository has, and runs the built server', () => {
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) =>
      m[1]!.split(/\s+/),
    );
    expect(sources.length).toBeGreaterThan(5);
    for (const src of sources) expect(existsSync(path.join(ROOT, src)), src).toBe(true);
    expect(dockerfile).toContain('"apps/server/dist/main.js"');
    expect(read('apps/server/build.mjs')).toContain("'src/main.ts'");
    expect(dockerfile).toMatch(/\/api\/health\/live/);
  });
});

describe('docs/deploy.md', () => {
  it('names every setting', () => {
    const doc = read('docs/deploy.md');
    expect([...known].filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
  });
});
