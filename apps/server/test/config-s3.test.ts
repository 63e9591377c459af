import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';

// The S3_* settings (docs/scale-out.md §2): none set keeps media in DATA_DIR; a bucket needs
// its endpoint and both credentials; the secret key is never echoed.

const S3 = {
  S3_ENDPOINT: 'http://minio:9000',
  S3_BUCKET: 'earshot-media',
  S3_ACCESS_KEY_ID: 'earshot',
  S3_SECRET_ACCESS_KEY: 'very-secret-key',
};

describe('S3 settings', () => {
  it('none set: media stay in DATA_DIR', () => {
    expect(readConfig({}).s3).toBeUndefined();
  });

  it('read with their defaults: us-east-1, path-style addressing, no prefix', () => {
    expect(readConfig(S3).s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'earshot-media',
      region: 'us-east-1',
      accessKeyId: 'earshot',
      secretAccessKey: 'very-secret-key',
      forcePathStyle: true,
      prefix: '',
    });
  });

  it('take S3_REGION, S3_FORCE_PATH_STYLE and S3_PREFIX', () => {
    const c = readConfig({
      ...S3,
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: 'false',
      S3_PREFIX: 'museums/prod',
    });
    expect(c.s3).toMatchObject({
      region: 'eu-central-1',
      forcePathStyle: false,
      prefix: 'museums/prod',
    });
  });

  it.each(['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)(
    'refuse a bucket without %s, naming what it goes with',
    (missing) => {
      const env: Record<string, string | undefined> = { ...S3, [missing]: undefined };
      expect(() => readConfig(env)).toThrow(new RegExp(`^Invalid ${missing}: required with S3_`));
    },
  );

  it('refuse a bad endpoint or prefix with one line, never echoing the secret key', () => {
    expect(() => readConfig({ ...S3, S3_ENDPOINT: 'minio:9000 ' })).toThrow(
      /^Invalid S3_ENDPOINT=/,
    );
    expect(
      readConfig({ ...S3, S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com' }).s3,
    ).toBeTruthy();
    expect(() => readConfig({ ...S3, S3_PREFIX: 'a b' })).toThrow(/^Invalid S3_PREFIX="a b"/);
    expect(() =>
      readConfig({ ...S3, S3_SECRET_ACCESS_KEY: undefined, S3_FORCE_PATH_STYLE: 'x' }),
    ).toThrow(/^Invalid S3_FORCE_PATH_STYLE/);
    try {
      readConfig({ ...S3, S3_FORCE_PATH_STYLE: 'maybe' });
    } catch (e) {
      expect((e as Error).message).not.toContain('very-secret-key');
    }
  });
});
