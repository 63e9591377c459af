import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const AUTH_SECRET_FILE = 'auth-secret';

/**
 * The secret that signs session tokens: AUTH_SECRET when given, else one made once and kept in
 * DATA_DIR (readable by its owner only), so `npm start` works on a fresh machine and tokens
 * survive a restart. Production requires AUTH_SECRET (config.ts): several nodes must share it.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists: two processes starting at once keep the first one's.
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret (under 32 characters)`);
  return secret;
}
