import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  MEDIA_MAX_ANY_BYTES,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  MEDIA_SNIFF_BYTES,
  sniffMedia,
  type MediaKind,
  type SniffedMedia,
  type StudioMedia,
} from '@earshot/core';
import { BadRequestError, HttpError } from '../../../plugins/errors.js';
import { inspectAudio, reencodeImage } from './media-inspect.js';
import { poolDirOf } from './media-pool-files.js';
import type { MediaStore } from '../../../storage/media-store.js';
import { poolKey } from '../../../storage/keys.js';

/** Where the pool's files are served; the name after it is `{sha256}.{ext}`. */
export const STUDIO_MEDIA_PREFIX = '/studio-media/';
/** A pool file's name: its content hash and the extension its bytes gave it, nothing else. */
export const POOL_NAME = /^[0-9a-f]{64}\.(mp3|m4a|ogg|wav|jpg|png|webp)$/;

/** DATA_DIR/studio-media, beside DATA_DIR/media (decision 0013): the drafts' pool. */
export const studioMediaDir = poolDirOf;

/** What an upload became (docs/studio.md, the media call). */
export type PooledMedia = StudioMedia;

export class PayloadTooLargeError extends HttpError {
  constructor(kind: MediaKind | null) {
    super(413, MEDIA_MESSAGES.tooLarge(kind));
  }
}
/** A sniffed file if it is of an accepted kind, and of the one kind the upload is for; else null. */
const acceptedKind = (what: SniffedMedia | null, want: MediaKind | undefined) =>
  what && (want === undefined || what.kind === want) ? what : null;

export class UnsupportedMediaError extends HttpError {
  /** `want`: the one kind the upload was for, whose formats alone the message names. */
  constructor(want?: MediaKind) {
    super(415, want ? MEDIA_MESSAGES.notAcceptedAs(want) : MEDIA_MESSAGES.notAccepted);
  }
}

/**
 * Passes the bytes on to the file while it hashes and counts them, and reads their kind from
 * the first ones. Once they are no accepted kind, or more than that kind may be, nothing more
 * is written: the rest of a body of declared length is read and dropped (so the client, still
 * sending, gets the answer), and a body that goes on past any limit is cut off.
 */
class Inspector extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  head = Buffer.alloc(0);
  kind: SniffedMedia | null = null;
  refused: HttpError | null = null;

  constructor(
    private readonly declared: number | undefined,
    /** The one kind the file is for (a picture field's), when the upload says so. */
    private readonly want: MediaKind | undefined,
  ) {
    super();
  }

  private refuse(error: HttpError) {
    this.refused ??= error;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > MEDIA_MAX_ANY_BYTES)
      return done(this.refused ?? new PayloadTooLargeError(this.kind?.kind ?? null));
    if (this.refused) return done();
    if (!this.kind && this.head.length < MEDIA_SNIFF_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, MEDIA_SNIFF_BYTES)]);
      if (this.head.length >= MEDIA_SNIFF_BYTES) {
        this.kind = acceptedKind(sniffMedia(this.head), this.want);
        if (!this.kind) return (this.refuse(new UnsupportedMediaError(this.want)), done());
      }
    }
    if (this.kind) {
      const limit = MEDIA_MAX_BYTES[this.kind.kind];
      if (this.bytes > limit || (this.declared ?? 0) > limit)
        return (this.refuse(new PayloadTooLargeError(this.kind.kind)), done());
    }
    this.hash.update(chunk);
    done(null, chunk);
  }
}

export type MediaPool = {
  /** The pool's folder on this node: uploads are written here before they go to the store. */
  dir: string;
  /** Where the pool's files are kept (`studio-media/{name}`). */
  store: MediaStore;
  /**
   * Stores the file `body` streams, checked by its content: 415 when it is no accepted kind
   * (or not readable as the kind it starts like), 413 past its kind's limit, 400 when empty.
   * A failed or aborted upload leaves no file behind.
   */
  /** `body` is missing when the request had none (no Content-Type, nothing sent). */
  add(body: Readable | undefined, declaredBytes?: number, want?: MediaKind): Promise<PooledMedia>;
  /** The absolute path of a pool file by its name, or null for a name that is not one. */
  file(name: string): string | null;
};

export function mediaPool(dir: string, store: MediaStore): MediaPool {
  const tmpDir = path.join(dir, '.tmp');
  const entry = (sha: string, what: SniffedMedia, bytes: number): PooledMedia => {
    const name = `${sha}.${what.ext}`;
    return {
      path: `media/${name}`,
      kind: what.kind,
      mime: what.mime,
      bytes,
      url: STUDIO_MEDIA_PREFIX + name,
    };
  };

  return {
    dir,
    store,
    file: (name) => (POOL_NAME.test(name) ? path.join(dir, name) : null),

    async add(body, declaredBytes, want) {
      if (!body) throw new BadRequestError(MEDIA_MESSAGES.empty);
      await mkdir(tmpDir, { recursive: true });
      // A random name in the pool's own folder: the rename into place is atomic, and no name
      // the uploader chose ever reaches the disk.
      const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
      const made: string[] = [tmp];
      try {
        const inspector = new Inspector(declaredBytes, want);
        await pipeline(body, inspector, createWriteStream(tmp, { flags: 'wx' }));
        if (inspector.refused) throw inspector.refused;
        if (inspector.bytes === 0) throw new BadRequestError(MEDIA_MESSAGES.empty);
        const what = inspector.kind ?? acceptedKind(sniffMedia(inspector.head), want);
        if (!what) throw new UnsupportedMediaError(want);

        if (what.kind === 'audio') {
          const duration_s = await inspectAudio(tmp, what, inspector.head, inspector.bytes);
          const stored = entry(inspector.hash.digest('hex'), what, inspector.bytes);
          await store.put(poolKey(path.basename(stored.path)), { file: tmp, move: true });
          return { ...stored, duration_s };
        }
        // Pictures are stored as re-encoded (upright, without metadata): named by those bytes.
        const clean = `${tmp}.clean`;
        made.push(clean);
        const { width, height, bytes } = await reencodeImage(tmp, clean, what);
        const sha = createHash('sha256')
          .update(await readFile(clean))
          .digest('hex');
        const stored = entry(sha, what, bytes);
        await store.put(poolKey(path.basename(stored.path)), { file: clean, move: true });
        await rm(tmp, { force: true });
        return { ...stored, width, height };
      } catch (e) {
        await Promise.all(made.map((f) => rm(f, { force: true })));
        throw e;
      }
    },
  };
}
