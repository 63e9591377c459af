import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { ListedObject, MediaStore, StoredInfo } from './media-store.js';
import { contentTypeOf } from './content-type.js';

/** The S3_* settings (config.ts). */
export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Put before every key (`earshot/`), so one bucket can hold several installations. */
  prefix: string;
};

/** Deletes at a time: single DeleteObject calls (every S3-compatible store has them). */
const DELETE_BATCH = 8;

const notFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404
  );
};

/**
 * Media as objects of an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …): the same keys as
 * on disk under S3_PREFIX. Objects are written whole (PutObject), so a reader never sees half
 * of one. The content hash an import gives a file travels as `x-amz-meta-v`.
 */
export async function s3MediaStore(s: S3Settings, client?: S3Client): Promise<MediaStore> {
  // Loaded here, not at the top: a node without a bucket never loads the SDK (bundled builds
  // keep this import lazy, as the SDK is an external dependency).
  const {
    CopyObjectCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadBucketCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client: Client,
  } = await import('@aws-sdk/client-s3');
  const s3 =
    client ??
    new Client({
      endpoint: s.endpoint,
      region: s.region,
      forcePathStyle: s.forcePathStyle,
      credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
      // Checksums only where S3 requires them: not every S3-compatible store knows the newer
      // x-amz-checksum-* headers and aws-chunked bodies.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const prefix = s.prefix && !s.prefix.endsWith('/') ? `${s.prefix}/` : s.prefix;
  const Bucket = s.bucket;
  const Key = (key: string) => prefix + key;
  const source = (key: string) =>
    encodeURI(`${Bucket}/${Key(key)}`).replace(/[?#+]/g, encodeURIComponent);

  const head = async (key: string): Promise<StoredInfo | null> => {
    try {
      const r = await s3.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
      return {
        size: r.ContentLength ?? 0,
        lastModified: r.LastModified ?? new Date(0),
        etag: r.ETag ?? `"${r.ContentLength}-${r.LastModified?.getTime()}"`,
        contentType: r.ContentType,
        version: r.Metadata?.v,
      };
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  };

  const store: MediaStore = {
    kind: 's3',
    async put(key, src, opts = {}) {
      const ContentType = opts.contentType ?? contentTypeOf(key);
      const Metadata = opts.version ? { v: opts.version } : undefined;
      if ('data' in src) {
        await s3.send(
          new PutObjectCommand({ Bucket, Key: Key(key), Body: src.data, ContentType, Metadata }),
        );
        return;
      }
      const { size } = await stat(src.file);
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key: Key(key),
          Body: createReadStream(src.file),
          ContentLength: size,
          ContentType,
          Metadata,
        }),
      );
      if (src.move) await rm(src.file, { force: true });
    },
    async get(key, range) {
      try {
        const r = await s3.send(
          new GetObjectCommand({
            Bucket,
            Key: Key(key),
            Range: range && `bytes=${range.start}-${range.end}`,
          }),
        );
        const total = r.ContentRange ? Number(r.ContentRange.split('/')[1]) : r.ContentLength;
        return {
          body: r.Body as Readable,
          size: total ?? 0,
          lastModified: r.LastModified ?? new Date(0),
          etag: r.ETag ?? '',
          contentType: r.ContentType,
          version: r.Metadata?.v,
          range,
        };
      } catch (e) {
        // A range past the end (the object was replaced by a shorter one since its HEAD).
        if (
          notFound(e) ||
          (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416
        )
          return null;
        throw e;
      }
    },
    head,
    async touch(key) {
      // An object's time changes only by writing it. Its bytes are written again (a copy onto
      // itself would do on AWS, but some S3-compatible stores keep the old time on a copy).
      const got = await store.get(key);
      if (!got) return;
      await s3.send(
        new PutObjectCommand({
          Bucket,
          Key: Key(key),
          Body: got.body,
          ContentLength: got.size,
          ContentType: got.contentType,
          Metadata: got.version ? { v: got.version } : undefined,
        }),
      );
    },
    async copy(from, to) {
      await s3.send(new CopyObjectCommand({ Bucket, Key: Key(to), CopySource: source(from) }));
    },
    async delete(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH)
        await Promise.all(
          keys
            .slice(i, i + DELETE_BATCH)
            .map((k) => s3.send(new DeleteObjectCommand({ Bucket, Key: Key(k) }))),
        );
    },
    async *list(p): AsyncIterable<ListedObject> {
      let ContinuationToken: string | undefined;
      do {
        const r = await s3.send(
          new ListObjectsV2Command({ Bucket, Prefix: Key(p), ContinuationToken }),
        );
        for (const o of r.Contents ?? [])
          if (o.Key)
            yield {
              key: o.Key.slice(prefix.length),
              size: o.Size ?? 0,
              lastModified: o.LastModified ?? new Date(0),
            };
        ContinuationToken = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async download(key, target) {
      const got = await store.get(key);
      if (!got) return false;
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(got.body, createWriteStream(target));
      return true;
    },
    async check() {
      await s3.send(new HeadBucketCommand({ Bucket }));
    },
  };
  return store;
}
