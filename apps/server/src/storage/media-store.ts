import type { Readable } from 'node:stream';

/**
 * Where media live (docs/scale-out.md §2): the disk under DATA_DIR (one node, today's layout)
 * or an S3-compatible bucket (every node reads and writes the same objects). Keys are paths
 * relative to DATA_DIR, `/`-separated: `media/tours/{guide_id}/…`, `media/answers/…`,
 * `media/variants/…`, `studio-media/{sha256}.{ext}` (keys.ts).
 */
export type StoredInfo = {
  size: number;
  lastModified: Date;
  /** A strong validator of the bytes, quoted as HTTP wants it. */
  etag: string;
  contentType?: string;
  /** The content hash an imported file was stored with (its URL's ?v=), when known. */
  version?: string;
};

export type StoredObject = StoredInfo & {
  body: Readable;
  /** The bytes `body` holds when a range was asked for (inclusive). */
  range?: { start: number; end: number };
};

export type ListedObject = { key: string; size: number; lastModified: Date };

export type PutSource =
  | { data: Buffer }
  /** `move`: the file is the store's to take (a disk store renames it into place). */
  | { file: string; move?: boolean };

export type PutOptions = { contentType?: string; version?: string };

export interface MediaStore {
  readonly kind: 'disk' | 's3';
  /** The folder keys live under on disk; undefined for a bucket. */
  readonly root?: string;
  put(key: string, source: PutSource, opts?: PutOptions): Promise<void>;
  /** The object, or bytes `start`–`end` of it; null when there is no such object. */
  get(key: string, range?: { start: number; end: number }): Promise<StoredObject | null>;
  head(key: string): Promise<StoredInfo | null>;
  /** Renews an object's time (the studio pool's sweep keeps what was named again). */
  touch(key: string): Promise<void>;
  copy(from: string, to: string): Promise<void>;
  /** Removes these objects; missing ones are no error. */
  delete(keys: string[]): Promise<void>;
  /** Every object whose key starts with `prefix`, in no promised order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /**
   * Writes the object to `target` (a new local file); false when there is no such object.
   * `link`: the file will only be read, so a disk store may hard-link it.
   */
  download(key: string, target: string, opts?: { link?: boolean }): Promise<boolean>;
  /** Answers when the store can be reached (readiness). */
  check(): Promise<void>;
}

/** Removes every object under a prefix. */
export async function deletePrefix(store: MediaStore, prefix: string): Promise<number> {
  const keys: string[] = [];
  for await (const o of store.list(prefix)) keys.push(o.key);
  await store.delete(keys);
  return keys.length;
}
