import type { GuideBundleInput } from '@earshot/core';

/**
 * Edits not yet saved on the server, kept on the device (local storage) as they are made, so
 * a network failure, a closed tab or a reload loses nothing: the editor sends them when it is
 * back. `revision` is the server revision they were made on (a newer one there is a conflict).
 */
export type PendingEdits = { revision: number; document: GuideBundleInput; at: string };

const key = (token: string) => `earshot-studio-pending:${token}`;

export function readPending(token: string, storage: Storage = localStorage): PendingEdits | null {
  try {
    const raw = storage.getItem(key(token));
    if (!raw) return null;
    const p = JSON.parse(raw) as Partial<PendingEdits>;
    if (typeof p.revision !== 'number' || !p.document || typeof p.document !== 'object')
      return null;
    return { revision: p.revision, document: p.document, at: String(p.at ?? '') };
  } catch {
    return null;
  }
}

/** False when the device refused (storage full or disabled): the editor says so. */
export function writePending(
  token: string,
  edits: Omit<PendingEdits, 'at'>,
  storage: Storage = localStorage,
  now = new Date(),
): boolean {
  try {
    storage.setItem(key(token), JSON.stringify({ ...edits, at: now.toISOString() }));
    return true;
  } catch {
    return false;
  }
}

export function clearPending(token: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(key(token));
  } catch {
    // Nothing to clear on a device that keeps nothing.
  }
}
