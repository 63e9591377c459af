import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  challengeSchema,
  guideBundleSchema,
  guideDetailSchema,
  guideSummarySchema,
} from '@earshot/core';
import { bundleFolders, loadDemoIfEmpty } from '../src/bundles/demo.js';
import { exportBundleJson } from '../src/bundles/bundle-export.js';
import { DEMO_CONTENT_DIR } from '../src/paths.js';
import { makeEnv, type TestEnv } from './helpers.js';

let env: TestEnv;
const get = async (url: string) => (await env.app.inject({ method: 'GET', url })).json();

beforeAll(async () => {
  env = await makeEnv();
  expect(
    await loadDemoIfEmpty(env.handle, env.media, DEMO_CONTENT_DIR, () => {}),
  ).toBeGreaterThanOrEqual(25);
});
afterAll(() => env.close());

describe('demo content', () => {
  it('has at least 25 guides in at least 8 cities and 4 states, and loads only into an empty database', async () => {
    const tours = z.array(guideSummarySchema).parse(await get('/api/v1/tours'));
    expect(tours.length).toBeGreaterThanOrEqual(25);
    expect(new Set(tours.map((t) => t.city.id)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(tours.map((t) => t.city.state)).size).toBeGreaterThanOrEqual(4);
    expect(await loadDemoIfEmpty(env.handle, env.media, DEMO_CONTENT_DIR, () => {})).toBe(0);
    expect(z.array(guideSummarySchema).parse(await get('/api/v1/tours'))).toHaveLength(
      tours.length,
    );
  });

  it('every POI of every guide has images and audio that resolve, in every language', async () => {
    const tours = z.array(guideSummarySchema).parse(await get('/api/v1/tours'));
    const urls = new Set<string>();
    for (const t of tours) {
      const g = guideDetailSchema.parse(await get(`/api/v1/tour-by-token/${t.token}`));
      expect(g.pois.length).toBeGreaterThan(0);
      if (g.splash_url) urls.add(g.splash_url);
      for (const p of g.pois) {
        expect(p.image_urls.length).toBeGreaterThan(0);
        expect(p.image_urls).not.toContain('/static/placeholder.svg');
        p.image_urls.forEach((u) => urls.add(u));
        for (const text of Object.values(p.translations)) {
          expect(text.audio_url).toBeTruthy();
          urls.add(text.audio_url!);
        }
      }
    }
    for (const url of urls) {
      const res = await env.app.inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('every audio has its transcript, the text the generator spoke, and the API serves it', async () => {
    let audios = 0;
    for (const folder of await bundleFolders(DEMO_CONTENT_DIR)) {
      const b = guideBundleSchema.parse(
        JSON.parse(await readFile(path.join(folder, 'guide.json'), 'utf8')),
      );
      const g = guideDetailSchema.parse(await get(`/api/v1/tour-by-token/${b.guide.token}`));
      for (const p of b.pois) {
        const served = g.pois.find((x) => x.token === p.token)!;
        for (const [code, t] of Object.entries(p.content)) {
          if (!t.audio) continue;
          audios++;
          // tools/generate.mjs speaks "<title>. <text>" and writes the text as <p>text</p>.
          const spoken = `${t.title}. ${t.description.replace(/^<p>|<\/p>$/g, '')}`;
          expect(t.transcript, `${p.token} ${code}`).toBe(spoken);
          expect(served.translations[code]!.transcript, `${p.token} ${code}`).toBe(spoken);
        }
      }
    }
    expect(audios).toBeGreaterThan(100);
  });

  it('has a flagship guide worth walking', async () => {
    const g = guideDetailSchema.parse(await get('/api/v1/tour-by-token/riverfront-sculpture-walk'));
    expect(g.pois.length).toBeGreaterThanOrEqual(12);
    expect(g.layers.length).toBeGreaterThanOrEqual(2);
    expect(g.route.length).toBeGreaterThan(10);
    expect(g.languages.map((l) => l.code)).toEqual(['en', 'es']);
    expect(g.has_keypad).toBe(true);
    expect(new Set(g.pois.map((p) => p.keypad_code)).size).toBe(g.pois.length);
    for (const p of g.pois) {
      expect(p.image_urls.length).toBeGreaterThanOrEqual(2);
      expect(p.image_urls.length).toBeLessThanOrEqual(4);
      expect(p.description).toMatch(/^<p>/);
      expect(Object.keys(p.translations)).toEqual(['en', 'es']);
    }
    expect(g.badges.length).toBeGreaterThan(0);
    expect(g.badges.every((b) => b.levels.length >= 3)).toBe(true);
    const challenges = z
      .array(challengeSchema)
      .parse(
        await get('/api/v1/challenges?scavenger_hunt__guide__token=riverfront-sculpture-walk'),
      );
    expect(new Set(challenges.map((c) => c.resourcetype))).toEqual(
      new Set(['PhotoChallenge', 'MultipleChoiceChallenge', 'TextChallenge', 'NumberChallenge']),
    );
  });

  it('exports every demo guide back to the bundle it came from', async () => {
    for (const folder of await bundleFolders(DEMO_CONTENT_DIR)) {
      const original = guideBundleSchema.parse(
        JSON.parse(await readFile(path.join(folder, 'guide.json'), 'utf8')),
      );
      const exported = await exportBundleJson(env.handle, original.guide.token);
      expect(guideBundleSchema.parse(exported!.bundle), path.basename(folder)).toEqual(original);
    }
  });
});
