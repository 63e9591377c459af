import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import {
  copyFile,
  link,
  mkdir,
  readdir,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ListedObject, MediaStore, StoredInfo } from './media-store.js';

const etagOf = (size: number, mtimeMs: number) =>
  `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;

/**
 * Media as files under DATA_DIR, the layout of today (ARCHITECTURE "Media"): a key is the
 * file's path below `root`. Writes go to a random name beside the target and are renamed into
 * place, so a reader never sees half a file.
 */
export function diskMediaStore(root: string): MediaStore {
  const abs = path.resolve(root);
  const file = (key: string) => path.join(abs, ...key.split('/'));
  const info = async (key: string): Promise<StoredInfo | null> => {
    const s = await stat(file(key)).catch(() => null);
    if (!s?.isFile()) return null;
    return { size: s.size, lastModified: s.mtime, etag: etagOf(s.size, s.mtimeMs) };
  };
  const tmpBeside = (target: string) =>
    path.join(path.dirname(target), `.put-${randomBytes(8).toString('hex')}`);

  return {
    kind: 'disk',
    root: abs,
    async put(key, source) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      if ('file' in source && source.move) {
        await rename(source.file, target).catch(async (e: NodeJS.ErrnoException) => {
          if (e.code !== 'EXDEV') throw e;
          await copyFile(source.file, target);
          await rm(source.file, { force: true });
        });
        return;
      }
      const tmp = tmpBeside(target);
      try {
        if ('data' in source) await writeFile(tmp, source.data);
        else await copyFile(source.file, tmp);
        await rename(tmp, target);
      } finally {
        await rm(tmp, { force: true });
      }
    },
    async get(key, range) {
      const found = await info(key);
      if (!found) return null;
      const body = createReadStream(file(key), range && { start: range.start, end: range.end });
      return { ...found, body, range };
    },
    head: info,
    async touch(key) {
      const now = new Date();
      await utimes(file(key), now, now).catch(() => undefined);
    },
    async copy(from, to) {
      const target = file(to);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = tmpBeside(target);
      try {
        await copyFile(file(from), tmp);
        await rename(tmp, target);
      } finally {
        await rm(tmp, { force: true });
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((k) => rm(file(k), { force: true })));
    },
    async *list(prefix): AsyncIterable<ListedObject> {
      // A prefix names a folder (`media/tours/1/`) or the start of names in one (`studio-media/ab`).
      const cut = prefix.lastIndexOf('/') + 1;
      const dir = file(prefix.slice(0, cut) || '.');
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (!e.isFile()) continue;
        const full = path.join(e.parentPath, e.name);
        const key = path.relative(abs, full).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        const s = await stat(full).catch(() => null);
        if (s) yield { key, size: s.size, lastModified: s.mtime };
      }
    },
    async download(key, target, opts) {
      if (!(await info(key))) return false;
      await mkdir(path.dirname(target), { recursive: true });
      const copy = () => pipeline(createReadStream(file(key)), createWriteStream(target));
      // A hard link where asked and the disk allows it (a draft's bundle folder), else a copy.
      if (opts?.link) await link(file(key), target).catch(copy);
      else await copy();
      return true;
    },
    async check() {
      await mkdir(abs, { recursive: true });
    },
  };
}
