import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { tileEnv } from './servers/tile-server';
import { accountServers, accountsEnv, type AccountPorts } from './servers/accounts';

/** A port the OS says is free right now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

// The config is read by the runner and again by each worker: the first read picks the
// port and data folder, and the workers inherit them through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'earshot-e2e-'));
// A second instance of the same built server holds 2,000 generated guides (no demo content)
// for the search over a large list; tests reach it through manyGuidesURL (helpers/servers.ts).
process.env.E2E_MANY_PORT ??= String(await freePort());
process.env.E2E_MANY_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'earshot-e2e-many-'));
// A third instance keeps its media in a bucket of s3rver (servers/s3-node.ts) for
// tests/media-s3.spec.ts; it starts only for runs that include that spec (or every spec).
process.env.E2E_S3_APP_PORT ??= String(await freePort());
process.env.E2E_S3_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'earshot-e2e-s3-'));
const namedSpecs = process.argv.filter((a) => /(^|\/)tests\/|\.spec(\.ts)?$/.test(a));
const withS3Node = namedSpecs.length === 0 || namedSpecs.some((a) => a.includes('media-s3'));
// Map tiles come from a local tile server (no internet here): the app is built with its URLs.
process.env.E2E_TILE_PORT ??= String(await freePort());
// Accounts: a real SMTP server (and its inbox over HTTP) and a real OpenID provider.
process.env.E2E_SMTP_PORT ??= String(await freePort());
process.env.E2E_SMTP_INBOX_PORT ??= String(await freePort());
process.env.E2E_OIDC_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
const tiles = tileEnv(Number(process.env.E2E_TILE_PORT));
const manyPort = Number(process.env.E2E_MANY_PORT);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const accountPorts: AccountPorts = {
  app: port,
  smtp: Number(process.env.E2E_SMTP_PORT),
  inbox: Number(process.env.E2E_SMTP_INBOX_PORT),
  oidc: Number(process.env.E2E_OIDC_PORT),
};

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * Specs run in the phone project only: what they check does not depend on the screen size
 * (the player's engine, the search over a large list, bytes on the wire, entry, the stops and
 * the detail), or they resize the page themselves where a wide layout differs. The map,
 * keypad, sharing and browse specs, whose layouts differ by size, run at both sizes.
 */
const viewportFreeSpecs = [
  '**/guide-player.spec.ts',
  '**/guide-player-session.spec.ts',
  '**/guide-entry.spec.ts',
  '**/guide-stops.spec.ts',
  '**/guide-detail.spec.ts',
  '**/large-list.spec.ts',
  '**/budgets.spec.ts',
  '**/pictures.spec.ts',
  '**/field.spec.ts',
  '**/media-s3.spec.ts',
  '**/map-tiles-dense.spec.ts',
  '**/accounts.spec.ts',
  '**/sign-in-dialog.spec.ts',
  '**/answers.spec.ts',
  '**/badges.spec.ts',
  '**/themes.spec.ts',
  '**/themes-hostile.spec.ts',
  '**/abuse-xss.spec.ts',
  '**/theme-editor.spec.ts',
  // The studio's specs take their phone and desktop screenshots themselves.
  '**/studio.spec.ts',
  '**/studio-stops.spec.ts',
  '**/studio-bundles.spec.ts',
  '**/studio-preview.spec.ts',
  '**/studio-members-confirm.spec.ts',
  // The insights dashboard's spec too (and its counts are of one visit: run once).
  '**/insights-dashboard.spec.ts',
  '**/insights-entries.spec.ts',
  // The signs' spec takes both sizes itself.
  '**/studio-signs.spec.ts',
  // The large catalogue's spec starts its own server and takes both sizes itself.
  '**/large-catalogue.spec.ts',
];

// E2E_EXTERNAL_URL: run the specs against a server that is already running (a dev server
// while building a screen) instead of starting and building our own.
const external = process.env.E2E_EXTERNAL_URL;

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry: with two workers on two cores a timed check can miss by a few ms (seen once
  // each, both checks since made sturdier: the splash's 1000 ms measured as 948, a stall in a
  // first stop's audio counted as a second start); a test that passes only on its retry is
  // reported as flaky, not hidden.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: external ?? `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: chromiumArgs,
    },
    trace: 'off',
    // The service worker answers from its caches: specs that test offline use allow it
    // (test.use({ serviceWorkers: 'allow' })); the others see the network as it is.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        browserName: 'chromium',
      },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: viewportFreeSpecs,
    },
  ],
  // Started one after the other: the second runs the build the first one made.
  webServer: external
    ? []
    : [
        {
          command: 'npx tsx e2e/servers/tile-server.ts',
          cwd: root,
          url: `http://127.0.0.1:${process.env.E2E_TILE_PORT}/stats`,
          timeout: 30_000,
          reuseExistingServer: false,
          env: { E2E_TILE_PORT: process.env.E2E_TILE_PORT },
        },
        // Before the app: it reads the OpenID provider's discovery document as it starts.
        ...accountServers(root, accountPorts),
        {
          // `npm start` as a new user runs it: install check, build, migrate, demo import, serve.
          command: 'npm start',
          cwd: root,
          url: `http://127.0.0.1:${port}/api/health`,
          timeout: 300_000,
          reuseExistingServer: false,
          stdout: 'pipe',
          env: {
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: process.env.E2E_DATA_DIR,
            DATABASE_URL: '',
            LOG_LEVEL: 'warn',
            // The studio's admin (e2e/helpers/studio.ts): made admin when it registers.
            ADMIN_EMAILS: 'studio-admin@example.test',
            ...tiles,
            ...accountsEnv(accountPorts),
          },
        },
        {
          command: 'npx tsx e2e/servers/seed-many-guides.ts && node apps/server/dist/main.js',
          cwd: root,
          url: `http://127.0.0.1:${manyPort}/api/health`,
          timeout: 60_000,
          reuseExistingServer: false,
          stdout: 'pipe',
          env: {
            PORT: String(manyPort),
            HOST: '127.0.0.1',
            DATA_DIR: process.env.E2E_MANY_DATA_DIR,
            DATABASE_URL: '',
            DEMO_CONTENT: '0',
            LOG_LEVEL: 'warn',
            ...tiles,
          },
        },
        ...(withS3Node
          ? [
              {
                command: 'npx tsx e2e/servers/s3-node.ts',
                cwd: root,
                url: `http://127.0.0.1:${process.env.E2E_S3_APP_PORT}/api/health`,
                timeout: 120_000,
                reuseExistingServer: false,
                stdout: 'pipe' as const,
                env: {
                  PORT: process.env.E2E_S3_APP_PORT!,
                  HOST: '127.0.0.1',
                  DATA_DIR: process.env.E2E_S3_DATA_DIR!,
                  DATABASE_URL: '',
                  LOG_LEVEL: 'warn',
                  ...tiles,
                },
              },
            ]
          : []),
      ],
});
