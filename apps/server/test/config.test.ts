import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { readConfig } from '../src/config.js';

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
