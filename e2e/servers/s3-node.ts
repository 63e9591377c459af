// A third app server for e2e/tests/media-s3.spec.ts: the built server (apps/server/dist) with
// its media in a bucket of s3rver, a real S3-compatible server started here in this process
// (its own temp folder, a free port). The demo content is imported into the bucket as the
// server starts. playwright.config.ts starts it only for runs that include that spec.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startS3 } from '../../apps/server/test/support/s3-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const s3 = await startS3('earshot-e2e', 'e2e');
const app = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: { ...process.env, ...s3.env },
  stdio: 'inherit',
});
let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  app.kill('SIGTERM');
  await s3.close();
  process.exit(code);
};
app.on('exit', (code) => void stop(code ?? 1));
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
