import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '@earshot/core';
import { studioMediaDir } from '../src/modules/studio/media/media-pool.js';
import { bearer } from './auth-helpers.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { makeStudioWorld, type StudioWorld } from './studio-helpers.js';
import { fakeAudio, exifPhoto, listen, poolFiles, rawRequest } from './studio-media-helpers.js';

const FILES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'studio-media');
const file = (name: string) => readFile(path.join(FILES, name));

let env: TestEnv;
let w: StudioWorld;
let pool: string;
/** The server's log lines (pino JSON), to see how it reports a cancelled upload. */
const logged: string[] = [];
beforeAll(async () => {
  env = await makeEnv({
    logLevel: 'info',
    logStream: { write: (line: string) => void logged.push(line) },
  });
  w = await makeStudioWorld(env);
  pool = studioMediaDir(env.mediaDir);
});
afterAll(() => env.close());

const mediaUrl = (token: string, name = 'file', kind?: string) =>
  `/api/v1/studio/guides/${token}/media?name=${encodeURIComponent(name)}${kind ? `&kind=${kind}` : ''}`;

function upload(
  body: Buffer,
  opts: { token?: string; auth?: string | null; type?: string; name?: string; kind?: string } = {},
) {
  const auth = opts.auth === undefined ? w.publisherA.token : opts.auth;
  return env.app.inject({
    method: 'POST',
    url: mediaUrl(opts.token ?? w.orgA.guide, opts.name, opts.kind),
    headers: {
      'content-type': opts.type ?? 'application/octet-stream',
      ...(auth ? bearer(auth) : {}),
    },
    payload: body,
  });
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('who may upload (access checked in the service)', () => {
  it('a visitor gets 401, another organisation and a member of none 404, and nothing is stored', async () => {
    const mp3 = await file('tone.mp3');
    const before = await poolFiles(pool);
    expect((await upload(mp3, { auth: null })).statusCode).toBe(401);
    for (const who of [w.publisherB, w.visitor]) {
      const res = await upload(mp3, { auth: who.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
    expect((await upload(mp3, { token: 'no-such-guide' })).statusCode).toBe(404);
    expect(await poolFiles(pool)).toEqual(before);
  });

  it("the guide's publisher and an admin may", async () => {
    const mp3 = await file('tone.mp3');
    expect((await upload(mp3)).statusCode).toBe(201);
    expect((await upload(mp3, { auth: w.admin.token, token: w.orgB.guide })).statusCode).toBe(201);
  });
});

describe('audio: checked by content, its duration read', () => {
  it.each([
    ['tone.mp3', 'mp3', 'audio/mpeg'],
    ['tone-frames.mp3', 'mp3', 'audio/mpeg'],
    ['tone.m4a', 'm4a', 'audio/mp4'],
    ['tone.ogg', 'ogg', 'audio/ogg'],
    ['tone.wav', 'wav', 'audio/wav'],
  ])('%s', async (name, ext, mime) => {
    const bytes = await file(name);
    // The name and type the browser sends say nothing: the bytes do.
    const res = await upload(bytes, { name: `../../evil-${name}.png`, type: 'image/png' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const hash = sha(bytes);
    expect(body).toEqual({
      path: `media/${hash}.${ext}`,
      kind: 'audio',
      mime,
      bytes: bytes.length,
      url: `/studio-media/${hash}.${ext}`,
      duration_s: expect.any(Number),
    });
    expect(body.duration_s).toBeGreaterThan(0.9);
    expect(body.duration_s).toBeLessThan(1.2);
    expect(await readFile(path.join(pool, `${hash}.${ext}`))).toEqual(bytes);
  });

  it('the same file twice is stored once', async () => {
    const bytes = await file('tone.ogg');
    const a = (await upload(bytes)).json();
    const b = (await upload(bytes, { auth: w.admin.token })).json();
    expect(b.path).toBe(a.path);
    expect((await poolFiles(pool)).filter((f) => f.endsWith('.ogg'))).toHaveLength(1);
  });

  it.each([
    ['a video in an MP4 box', () => file('video.mp4'), 'M4A audio'],
    ['an ID3 header before noise', () => fakeAudio('ID3\x04\0\0\0\0\0\0'), 'MP3 audio'],
    ['an Ogg page header before noise', () => fakeAudio('OggS\0\x02'), 'Ogg audio'],
    ['a RIFF WAVE header before noise', () => fakeAudio('RIFF\0\x10\0\0WAVEfmt '), 'WAV audio'],
    [
      'an M4A box header before noise',
      () => fakeAudio('\0\0\0\x1cftypM4A \0\0\x02\0'),
      'M4A audio',
    ],
  ])('%s claims to be audio and is refused (415)', async (_name, make, label) => {
    const before = await poolFiles(pool);
    const res = await upload(await make());
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(MEDIA_MESSAGES.unreadable(label));
    expect(await poolFiles(pool)).toEqual(before);
  });
});

describe('anything else is refused with the accepted kinds named', () => {
  it.each([
    ['a PDF', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\n', 'latin1')],
    ['a GIF', Buffer.from('GIF89a\x08\x00\x06\x00\xf0\x00\x00\xff\x00\x00\x00\x00\x00', 'latin1')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['a tiny file', Buffer.from('ID3')],
  ])('%s: 415', async (_name, body) => {
    const before = await poolFiles(pool);
    const res = await upload(body, { type: 'audio/mpeg', name: 'song.mp3' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: MEDIA_MESSAGES.notAccepted });
    expect(await poolFiles(pool)).toEqual(before);
  });

  // A picture field's upload says so: what it refuses is told in that field's formats only.
  it.each([
    ['a GIF for a picture', 'image', 'GIF89a\x08\x00\x06\x00\xf0\x00\x00\xff\x00\x00\x00\x00\x00'],
    ['a PDF for an audio field', 'audio', '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\n'],
  ])('%s: 415 naming only what that field accepts', async (_name, kind, text) => {
    const res = await upload(Buffer.from(text, 'latin1'), { kind });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: MEDIA_MESSAGES.notAcceptedAs(kind as 'image' | 'audio'),
    });
  });

  it('a good file of the other kind is refused for a field of one kind, and not stored', async () => {
    const before = await poolFiles(pool);
    const audio = await upload(await file('tone.ogg'), { kind: 'image' });
    expect(audio.statusCode).toBe(415);
    expect(audio.json().message).toBe(
      'This file is not a picture the studio accepts: pictures must be JPEG, PNG or WebP.',
    );
    expect(await poolFiles(pool)).toEqual(before);
    expect((await upload(await file('tone.ogg'), { kind: 'audio' })).statusCode).toBe(201);
  });

  it('a kind that is neither is a bad request', async () => {
    expect((await upload(await file('tone.ogg'), { kind: 'video' })).statusCode).toBe(400);
  });

  it('an empty body: 400', async () => {
    const res = await upload(Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MEDIA_MESSAGES.empty);
  });

  it('no body at all (no Content-Type either): 400, not a 500 (found by the fuzz test)', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: mediaUrl(w.orgA.guide),
      headers: bearer(w.publisherA.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MEDIA_MESSAGES.empty);
  });
});

describe('pictures: upright and without metadata', () => {
  it('a JPEG with EXIF orientation 6 and GPS tags is turned and stripped', async () => {
    const photo = await exifPhoto();
    const given = await sharp(photo).metadata();
    expect([given.width, given.height, given.orientation]).toEqual([60, 40, 6]);
    expect(given.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD tag

    const res = await upload(photo);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ kind: 'image', mime: 'image/jpeg', width: 40, height: 60 });
    const stored = await readFile(path.join(pool, path.basename(body.path)));
    expect(body.path).toBe(`media/${sha(stored)}.jpg`);
    expect(body.bytes).toBe(stored.length);
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([40, 60]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
    // Turned a quarter clockwise: the red left half is now on top, the blue right half below.
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 40 + x) * 3, (y * 40 + x) * 3 + 3),
    ];
    expect(pixel(20, 8)[0]).toBeGreaterThan(200);
    expect(pixel(20, 8)[2]).toBeLessThan(60);
    expect(pixel(20, 52)[2]).toBeGreaterThan(200);
    expect(pixel(20, 52)[0]).toBeLessThan(60);
  });

  it.each([
    ['png', 'image/png'],
    ['webp', 'image/webp'],
  ] as const)('%s', async (format, mime) => {
    const img = await sharp({
      create: { width: 30, height: 20, channels: 3, background: '#208040' },
    })
      .toFormat(format)
      .toBuffer();
    const res = await upload(img, { type: 'audio/mpeg' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'image', mime, width: 30, height: 20 });
    expect(res.json().path).toMatch(new RegExp(`^media/[0-9a-f]{64}\\.${format}$`));
  });

  it('a JPEG start before noise is refused (415)', async () => {
    const res = await upload(await fakeAudio('\xff\xd8\xff\xe0\0\x10JFIF\0'));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(MEDIA_MESSAGES.unreadable('a JPEG picture'));
  });
});

describe('sizes and aborted uploads (over real sockets)', () => {
  it('a Content-Length over the limit is refused at once, before the body is sent', async () => {
    const { port } = await listen(env);
    const res = await rawRequest(port, {
      path: mediaUrl(w.orgA.guide),
      headers: { ...bearer(w.publisherA.token), 'content-length': String(60 * 1024 * 1024) },
      send: Buffer.from('ID3\x04\0\0\0\0\0\0'),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: 'Files may be at most 50 MB.' });
  });

  it('an upload cut off halfway leaves no file', async () => {
    const { port } = await listen(env);
    const before = await poolFiles(pool);
    const wav = await file('tone.wav');
    await rawRequest(port, {
      path: mediaUrl(w.orgA.guide),
      headers: { ...bearer(w.publisherA.token), 'content-length': String(wav.length * 4) },
      send: wav,
      // Halfway: the part sent is being written to a temporary file (once the server has
      // checked the caller, which takes its own time on a busy machine).
      abortAfterSend: async () => {
        for (let i = 0; i < 100 && !(await readdir(path.join(pool, '.tmp'))).length; i++)
          await new Promise((r) => setTimeout(r, 50));
        expect(await readdir(path.join(pool, '.tmp'))).toHaveLength(1);
      },
    });
    // The server notices the closed socket on its own time: wait for its clean-up.
    for (let i = 0; i < 50 && (await readdir(path.join(pool, '.tmp'))).length; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await readdir(path.join(pool, '.tmp'))).toEqual([]);
    expect(await poolFiles(pool)).toEqual(before);
    // A publisher's Cancel is no failure of the server: logged at info, nothing at error.
    const entries = () => logged.map((l) => JSON.parse(l) as { level: number; msg: string });
    await expect
      .poll(entries)
      .toContainEqual(expect.objectContaining({ level: 30, msg: 'upload cancelled' }));
    expect(entries().filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('describes the upload: a binary body, its answer and its refusals', async () => {
    await env.app.ready();
    const doc = env.app.swagger() as unknown as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: object }>>;
    };
    const op = doc.paths['/api/v1/studio/guides/{token}/media']!.post!;
    expect(op.requestBody).toMatchObject({
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    });
    expect(Object.keys(op.responses).sort()).toEqual(['201', '400', '401', '404', '413', '415']);
    // The files themselves are no API call.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/studio-media'))).toBe(false);
  });
});
