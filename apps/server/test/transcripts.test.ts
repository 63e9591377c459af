import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guideBundleSchema, guideDetailSchema, poiSchema } from '@earshot/core';
import { importBundle } from '../src/bundles/bundle-import.js';
import { exportBundle } from '../src/bundles/bundle-export.js';
import { BundleError } from '../src/bundles/bundle-error.js';
import { makeEnv, writeBundle, type TestEnv } from './helpers.js';

// WCAG 1.2.1: each POI audio may carry its transcript, per language, through import, the API
// and export.
const EN = 'First Stop. A bronze figure by the river.\nIt faces the water.';
const ES = 'Primera parada. Una figura de bronce junto al río.';

let env: TestEnv;
beforeEach(async () => {
  env = await makeEnv();
});
afterEach(() => env.close());

const withTranscripts = () =>
  writeBundle(env.dir, 'transcripts', (b) => {
    b.pois![0]!.content.en!.transcript = EN;
    b.pois![0]!.content.es!.transcript = ES;
  });

const get = async (url: string) => (await env.app.inject({ method: 'GET', url })).json();

describe('transcripts', () => {
  it('are served per language on the guide and on one POI', async () => {
    await importBundle(env.handle, env.media, await withTranscripts());

    const en = guideDetailSchema.parse(await get('/api/v1/tour-by-token/mini-walk'));
    expect(en.pois[0]!.transcript).toBe(EN);
    expect(en.pois[0]!.translations).toMatchObject({
      en: { transcript: EN },
      es: { transcript: ES },
    });
    // A POI whose bundle gives none says so.
    expect(en.pois[1]!.transcript).toBeNull();
    expect(en.pois[1]!.translations.es!.transcript).toBeNull();

    const es = guideDetailSchema.parse(await get('/api/v1/tour-by-token/mini-walk?lang=es'));
    expect(es.pois[0]!.transcript).toBe(ES);

    const one = poiSchema.parse(await get('/api/v1/pois_by_token/mini-one?lang=es'));
    expect(one.transcript).toBe(ES);
    expect(one.translations.en!.transcript).toBe(EN);
    expect(poiSchema.parse(await get('/api/v1/pois_by_token/mini-one')).transcript).toBe(EN);
  });

  it('change with a re-import (the response cache does not keep the old text)', async () => {
    await importBundle(env.handle, env.media, await withTranscripts());
    expect(poiSchema.parse(await get('/api/v1/pois_by_token/mini-one')).transcript).toBe(EN);
    const changed = await writeBundle(env.dir, 'changed', (b) => {
      b.pois![0]!.content.en!.transcript = 'Rewritten.';
    });
    await importBundle(env.handle, env.media, changed);
    const poi = poiSchema.parse(await get('/api/v1/pois_by_token/mini-one'));
    expect(poi.transcript).toBe('Rewritten.');
    expect(poi.translations.es!.transcript).toBeNull();
  });

  it('are written back by export', async () => {
    const source = await withTranscripts();
    await importBundle(env.handle, env.media, source);
    const out = path.join(env.dir, 'out');
    expect(await exportBundle(env.handle, env.media, 'mini-walk', out)).toBe(true);
    const read = async (dir: string) =>
      guideBundleSchema.parse(JSON.parse(await readFile(path.join(dir, 'guide.json'), 'utf8')));
    const exported = await read(out);
    expect(exported).toEqual(await read(source));
    expect(exported.pois[0]!.content.en!.transcript).toBe(EN);
    expect(exported.pois[0]!.content.es!.transcript).toBe(ES);
    expect(exported.pois[1]!.content.en).not.toHaveProperty('transcript');
  });

  it('longer than 100,000 characters refuse the bundle, naming the JSON path', async () => {
    const longest = await writeBundle(env.dir, 'longest', (b) => {
      b.pois![1]!.content.es!.transcript = 'a'.repeat(100_000);
    });
    await importBundle(env.handle, env.media, longest);
    const tooLong = await writeBundle(env.dir, 'too-long', (b) => {
      b.pois![1]!.content.es!.transcript = 'b'.repeat(100_001);
    });
    const error = await importBundle(env.handle, env.media, tooLong).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BundleError);
    expect((error as BundleError).errors).toEqual([
      expect.stringMatching(/^\$\.pois\[1\]\.content\.es\.transcript: /),
    ]);
    // The refused bundle changed nothing.
    const poi = poiSchema.parse(await get('/api/v1/pois_by_token/mini-two?lang=es'));
    expect(poi.transcript).toBe('a'.repeat(100_000));
  });
});
