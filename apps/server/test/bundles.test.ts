import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { zipSync } from 'fflate';
import { writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guideBundleSchema } from '@earshot/core';
import { importBundle } from '../src/bundles/bundle-import.js';
import { exportBundle } from '../src/bundles/bundle-export.js';
import { BundleError } from '../src/bundles/bundle-error.js';
import {
  FIXTURE,
  makeEnv,
  readFixture,
  writeBundle,
  writeSmallGuide,
  type TestEnv,
} from './helpers.js';

let env: TestEnv;
beforeEach(async () => {
  env = await makeEnv();
});
afterEach(() => env.close());

const counts = async () => {
  const n = async (t: 'guides' | 'pois' | 'challenges' | 'badges' | 'cities') =>
    Number(
      (
        await env.handle.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    guides: await n('guides'),
    pois: await n('pois'),
    challenges: await n('challenges'),
    badges: await n('badges'),
    cities: await n('cities'),
  };
};
const refused = async (source: string): Promise<string[]> => {
  try {
    await importBundle(env.handle, env.media, source);
  } catch (e) {
    if (e instanceof BundleError) return e.errors;
    throw e;
  }
  throw new Error('the bundle was accepted');
};

describe('import', () => {
  it('imports a bundle and is idempotent by token', async () => {
    const first = await importBundle(env.handle, env.media, FIXTURE);
    expect(first).toMatchObject({ token: 'mini-walk', created: true, pois: 2, media: 4 });
    const before = await counts();
    const ids = await env.handle.db
      .selectFrom('pois')
      .select(['id', 'token'])
      .orderBy('id')
      .execute();
    const second = await importBundle(env.handle, env.media, FIXTURE);
    expect(second).toMatchObject({ guideId: first.guideId, created: false });
    expect(await counts()).toEqual(before);
    expect(
      await env.handle.db.selectFrom('pois').select(['id', 'token']).orderBy('id').execute(),
    ).toEqual(ids);
    expect(before).toEqual({ guides: 1, pois: 2, challenges: 4, badges: 1, cities: 1 });
  });

  it('updates in place: changed rows keep their ids, removed rows go', async () => {
    const { guideId } = await importBundle(env.handle, env.media, FIXTURE);
    const one = await env.handle.db
      .selectFrom('pois')
      .select('id')
      .where('token', '=', 'mini-one')
      .executeTakeFirstOrThrow();
    const changed = await writeBundle(env.dir, 'changed', (b) => {
      b.guide.title = 'Mini Walk, revised';
      b.pois = b.pois!.slice(0, 1);
      b.pois[0]!.content.en!.title = 'First Stop, renamed';
      b.hunts![0]!.challenges = b.hunts![0]!.challenges.filter((c) => c.poi !== 'mini-two');
    });
    const r = await importBundle(env.handle, env.media, changed);
    expect(r.guideId).toBe(guideId);
    const pois = await env.handle.db.selectFrom('pois').select(['id', 'token']).execute();
    expect(pois).toEqual([{ id: one.id, token: 'mini-one' }]);
    const text = await env.handle.db
      .selectFrom('poi_translations')
      .select('title')
      .where('poi_id', '=', one.id)
      .where('language', '=', 'en')
      .executeTakeFirstOrThrow();
    expect(text.title).toBe('First Stop, renamed');
    expect((await counts()).challenges).toBe(3);
  });

  it('refuses an invalid bundle whole, listing every error by JSON path', async () => {
    await importBundle(env.handle, env.media, FIXTURE);
    const before = await counts();
    const mediaBefore = await readdir(path.join(env.mediaDir, 'tours'), { recursive: true });
    const bad = await writeBundle(env.dir, 'bad', (b) => {
      b.guide.title = 'Changed title that must not land';
      b.pois![0]!.lat = 123;
      b.pois![1]!.layer = 'nope';
      b.pois![1]!.keypad_code = 101;
      (b.pois![0] as { color?: string }).color = '#ff0000';
    });
    const errors = await refused(bad);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\$\.pois\[0\]\.lat: /),
        expect.stringMatching(/^\$\.pois\[0\]\.color: /),
        expect.stringMatching(/^\$\.pois\[1\]\.layer: unknown layer "nope"/),
        expect.stringMatching(/^\$\.pois\[1\]\.keypad_code: duplicate keypad code 101/),
      ]),
    );
    expect(await counts()).toEqual(before);
    const title = await env.handle.db
      .selectFrom('guides')
      .select('title')
      .executeTakeFirstOrThrow();
    expect(title.title).toBe('Mini Walk');
    expect(await readdir(path.join(env.mediaDir, 'tours'), { recursive: true })).toEqual(
      mediaBefore,
    );
  });

  it('refuses a badge whose visited_item names no stop or layer of the guide, naming the badge', async () => {
    const dir = await writeBundle(env.dir, 'badge-nowhere', (b) => {
      b.badges![0]!.visited_item = 'mini-three';
    });
    expect(await refused(dir)).toEqual([
      '$.badges[0].visited_item: badge "mini-explorer" counts visits of "mini-three", which is neither a POI token nor a layer key of this guide',
    ]);
    expect((await counts()).badges).toBe(0);
  });

  it('refuses a bundle whose media files are missing or escape the bundle', async () => {
    const dir = await writeBundle(env.dir, 'missing', (b) => {
      b.pois![0]!.images = ['media/a.jpg', 'media/gone.jpg'];
    });
    await rm(path.join(dir, 'media', 'b.jpg'));
    expect(await refused(dir)).toEqual([
      '$.guide.images[1]: file "media/b.jpg" is not in the bundle',
      '$.pois[0].images[1]: file "media/gone.jpg" is not in the bundle',
    ]);
    const escaping = await writeBundle(env.dir, 'escaping', (b) => {
      b.pois![1]!.content.es!.audio = '../outside.mp3';
    });
    expect((await refused(escaping))[0]).toMatch(
      /^\$\.pois\[1\]\.content\.es\.audio: a relative path inside the bundle/,
    );
    expect(await counts()).toMatchObject({ guides: 0, cities: 0 });
  });

  it("refuses a bundle that is not JSON, has no guide.json or takes another guide's POI token", async () => {
    const notJson = await writeBundle(env.dir, 'notjson', () => {});
    await writeFile(path.join(notJson, 'guide.json'), '{ nope');
    expect((await refused(notJson))[0]).toMatch(/^\$: guide\.json is not valid JSON/);
    expect(await refused(path.join(env.dir, 'nowhere'))).toEqual([
      `$: no bundle at "${path.join(env.dir, 'nowhere')}"`,
    ]);

    await importBundle(env.handle, env.media, FIXTURE);
    const thief = await writeSmallGuide(env.dir, 'thief', 'Salem', 'Oregon', 45, -123);
    const raw = JSON.parse(await readFile(path.join(thief, 'guide.json'), 'utf8'));
    raw.pois[0].token = 'mini-one';
    await writeFile(path.join(thief, 'guide.json'), JSON.stringify(raw));
    expect(await refused(thief)).toEqual([
      '$.pois[0].token: token "mini-one" belongs to guide "mini-walk"',
    ]);
  });

  it('refuses a theme that breaks a rule, naming each entry (SPEC §5)', async () => {
    const hostile = await writeBundle(env.dir, 'hostile-theme', (b) => {
      b.guide.theme = {
        name: 'brand',
        colors: { primary: '</style><script>alert(1)</script>', bg: 'url(javascript:alert(1))' },
        classes: {
          '.a, body': { color: 'red' },
          '.es-card': {
            color: 'red} body{background:red',
            'border-radius': 'expression(alert(1))',
          },
          '.es-player': { 'background-image': '#fff' },
        },
      };
    });
    expect(await refused(hostile)).toEqual([
      "$.guide.theme.colors.primary: must not contain the text 'script'",
      "$.guide.theme.colors.bg: must not contain the text 'script'",
      expect.stringMatching(
        /^\$\.guide\.theme\.classes\[".a, body"\]: selector must be a hook class/,
      ),
      `$.guide.theme.classes[".es-card"].color: must not contain ';', '{' or '}'`,
      '$.guide.theme.classes[".es-card"].border-radius: must not hold an expression()',
      expect.stringMatching(
        /^\$\.guide\.theme\.classes\[".es-player"\]\.background-image: is not a property a theme may set/,
      ),
    ]);
    expect((await counts()).guides).toBe(0);
    const empty = await writeBundle(env.dir, 'empty-colour', (b) => {
      b.guide.theme = { name: 'x', colors: { text: '' }, classes: {} };
    });
    expect(await refused(empty)).toEqual(['$.guide.theme.colors.text: must not be empty']);
  });

  it('imports a .zip of the bundle folder', async () => {
    const files: Record<string, Uint8Array> = {};
    for (const name of await readdir(FIXTURE, { recursive: true })) {
      const full = path.join(FIXTURE, name);
      if (name.includes('.')) files[`mini-guide/${name}`] = new Uint8Array(await readFile(full));
    }
    const zip = path.join(env.dir, 'mini.zip');
    await writeFile(zip, zipSync(files));
    expect(await importBundle(env.handle, env.media, zip)).toMatchObject({
      token: 'mini-walk',
      media: 4,
    });

    const evil = path.join(env.dir, 'evil.zip');
    await writeFile(evil, zipSync({ '../evil.txt': new Uint8Array([1]) }));
    expect((await refused(evil))[0]).toMatch(/outside the bundle/);
  });
});

describe('export', () => {
  it('gives back the same bundle after import', async () => {
    await importBundle(env.handle, env.media, FIXTURE);
    const out = path.join(env.dir, 'out');
    expect(await exportBundle(env.handle, env.media, 'mini-walk', out)).toBe(true);
    const original = guideBundleSchema.parse(await readFixture());
    const exported = guideBundleSchema.parse(
      JSON.parse(await readFile(path.join(out, 'guide.json'), 'utf8')),
    );
    expect(exported).toEqual(original);
    for (const file of ['media/a.jpg', 'media/b.jpg', 'media/en.mp3', 'media/es.mp3']) {
      expect(await readFile(path.join(out, file))).toEqual(
        await readFile(path.join(FIXTURE, file)),
      );
    }
    expect(await exportBundle(env.handle, env.media, 'nope', path.join(env.dir, 'none'))).toBe(
      false,
    );
  });
});
