import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GOOGLE_DISCOVERY_URL, readConfig } from '../src/config.js';
import { AUTH_SECRET_FILE, resolveAuthSecret } from '../src/modules/auth/auth-secret.js';

describe('readConfig', () => {
  it('has the documented defaults', () => {
    const c = readConfig({ INIT_CWD: '/srv/earshot' });
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/earshot/data',
      mediaDir: '/srv/earshot/data/media',
      databaseUrl: undefined,
      loadDemo: true,
    });
  });

  it.each([
    [undefined, false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, fd00::/8', ['10.0.0.0/8', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s as %j', (value, trustProxy) => {
    expect(readConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it('refuses a TRUST_PROXY that is neither hops nor addresses', () => {
    expect(() => readConfig({ TRUST_PROXY: 'yes please' })).toThrow(
      /^Invalid TRUST_PROXY="yes please": must be a number of proxy hops/,
    );
  });

  it('honours PORT, HOST, DATA_DIR and DATABASE_URL', () => {
    const c = readConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@localhost/db',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('/tmp/x'),
      databaseUrl: 'postgres://u:p@localhost/db',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid PORT="eighty": /],
    [{ PORT: '70000' }, /^Invalid PORT="70000": /],
    [
      { DATABASE_URL: 'mysql://user:secret@x' },
      /^Invalid DATABASE_URL: must be a postgres:\/\/ URL/,
    ],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid PUBLIC_URL=/],
  ])('stops on bad configuration with one line naming the setting: %o', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
    try {
      readConfig(env);
    } catch (e) {
      expect((e as Error).message).not.toContain('\n');
      expect((e as Error).message).not.toContain('secret');
    }
  });
});

describe('identity settings', () => {
  const SECRET_VALUE = 'x'.repeat(40);

  it('has the documented defaults: no mail, no Google, PUBLIC_URL from the port', () => {
    expect(readConfig({ PORT: '8080' }).auth).toEqual({
      secret: undefined,
      publicUrl: 'http://localhost:8080',
      trustedOrigins: [],
      adminEmails: [],
      smtp: undefined,
      google: undefined,
      facebook: undefined,
      twitter: undefined,
    });
  });

  it('reads SMTP, Google (with its default discovery URL), Facebook and Twitter', () => {
    const auth = readConfig({
      PUBLIC_URL: 'https://walks.example.org/',
      AUTH_SECRET: SECRET_VALUE,
      SMTP_HOST: 'smtp.example.org',
      SMTP_USER: 'mailer',
      SMTP_PASS: 'pw',
      GOOGLE_CLIENT_ID: 'gid',
      GOOGLE_CLIENT_SECRET: 'gsecret',
      FACEBOOK_CLIENT_ID: 'fid',
      FACEBOOK_CLIENT_SECRET: 'fsecret',
      TWITTER_CLIENT_ID: 'tid',
      TWITTER_CLIENT_SECRET: 'tsecret',
      TRUSTED_ORIGINS: 'http://localhost:5173, http://127.0.0.1:5173',
      ADMIN_EMAILS: ' Boss@Example.org ,second@example.org,',
    }).auth;
    expect(auth).toEqual({
      secret: SECRET_VALUE,
      publicUrl: 'https://walks.example.org',
      trustedOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173'],
      adminEmails: ['boss@example.org', 'second@example.org'],
      smtp: {
        host: 'smtp.example.org',
        port: 587,
        secure: false,
        user: 'mailer',
        pass: 'pw',
        from: 'Earshot <no-reply@walks.example.org>',
      },
      google: { clientId: 'gid', clientSecret: 'gsecret', discoveryUrl: GOOGLE_DISCOVERY_URL },
      facebook: { clientId: 'fid', clientSecret: 'fsecret' },
      twitter: { clientId: 'tid', clientSecret: 'tsecret' },
    });
    expect(GOOGLE_DISCOVERY_URL).toBe(
      'https://accounts.google.com/.well-known/openid-configuration',
    );
  });

  it('takes SMTP_SECURE (port 465 by default), SMTP_PORT, SMTP_FROM and GOOGLE_DISCOVERY_URL', () => {
    const auth = readConfig({
      SMTP_HOST: 'mail',
      SMTP_SECURE: 'true',
      SMTP_FROM: 'Walks <walks@example.org>',
      GOOGLE_CLIENT_ID: 'gid',
      GOOGLE_CLIENT_SECRET: 'gsecret',
      GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:9400/.well-known/openid-configuration',
    }).auth;
    expect(auth.smtp).toMatchObject({ port: 465, secure: true, from: 'Walks <walks@example.org>' });
    expect(readConfig({ SMTP_HOST: 'mail', SMTP_PORT: '2525' }).auth.smtp?.port).toBe(2525);
    expect(auth.google?.discoveryUrl).toBe(
      'http://127.0.0.1:9400/.well-known/openid-configuration',
    );
  });

  it.each([
    [
      { AUTH_SECRET: 'short-secret-value' },
      /^Invalid AUTH_SECRET: must be at least 32 characters$/,
    ],
    [{ NODE_ENV: 'production' }, /^Invalid AUTH_SECRET: required in production/],
    [{ GOOGLE_CLIENT_ID: 'gid' }, /^Invalid GOOGLE_CLIENT_SECRET: required with GOOGLE_CLIENT_ID$/],
    [{ GOOGLE_CLIENT_SECRET: 'hidden-secret' }, /^Invalid GOOGLE_CLIENT_ID: required with/],
    [{ FACEBOOK_CLIENT_ID: 'fid' }, /^Invalid FACEBOOK_CLIENT_SECRET: required/],
    [{ TWITTER_CLIENT_SECRET: 'hidden-secret' }, /^Invalid TWITTER_CLIENT_ID: required/],
    [{ SMTP_HOST: 'mail', SMTP_USER: 'u' }, /^Invalid SMTP_PASS: required with SMTP_USER$/],
    [{ SMTP_PORT: 'twenty-five' }, /^Invalid SMTP_PORT="twenty-five": /],
    [{ SMTP_SECURE: 'maybe' }, /^Invalid SMTP_SECURE="maybe": /],
    [{ GOOGLE_DISCOVERY_URL: 'not a url' }, /^Invalid GOOGLE_DISCOVERY_URL=/],
    [{ TRUSTED_ORIGINS: 'http://ok.example, nope' }, /^Invalid TRUSTED_ORIGINS=/],
    [
      { ADMIN_EMAILS: 'boss@example.org, not-an-address' },
      /^Invalid ADMIN_EMAILS=.*e-mail addresses/,
    ],
  ])('stops on %o with one line that never shows a secret', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
    try {
      readConfig(env);
    } catch (e) {
      expect((e as Error).message).not.toContain('\n');
      expect((e as Error).message).not.toContain('short-secret-value');
      expect((e as Error).message).not.toContain('hidden-secret');
    }
  });

  it('accepts production with an AUTH_SECRET', () => {
    expect(readConfig({ NODE_ENV: 'production', AUTH_SECRET: SECRET_VALUE }).auth.secret).toBe(
      SECRET_VALUE,
    );
  });
});

describe('resolveAuthSecret', () => {
  it('makes one secret in DATA_DIR on first start, readable by its owner only, and keeps it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-secret-'));
    try {
      const first = resolveAuthSecret(undefined, path.join(dir, 'data'));
      expect(first.length).toBeGreaterThanOrEqual(32);
      const file = path.join(dir, 'data', AUTH_SECRET_FILE);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await readFile(file, 'utf8')).toBe(first);
      expect(resolveAuthSecret(undefined, path.join(dir, 'data'))).toBe(first);
      // AUTH_SECRET wins over the file.
      expect(resolveAuthSecret('y'.repeat(40), path.join(dir, 'data'))).toBe('y'.repeat(40));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a kept secret that is too short', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'earshot-secret-'));
    try {
      await writeFile(path.join(dir, AUTH_SECRET_FILE), 'short');
      expect(() => resolveAuthSecret(undefined, dir)).toThrow(/holds no usable secret/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
