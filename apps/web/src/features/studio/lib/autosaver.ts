import type { GuideBundleInput } from '@earshot/core';
import type { DraftConflict } from '@earshot/core';
import type { SaveState } from './save-status';

/** What one save call answers: saved at a revision, or a conflict (someone saved first). */
export type SaveAnswer = { ok: true; revision: number } | { ok: false; conflict: DraftConflict };

export type AutosaverDeps = {
  /** PUT …/draft; throws `{ offline: true }`-like errors as the caller decides (see `isOffline`). */
  save: (revision: number, document: GuideBundleInput) => Promise<SaveAnswer>;
  isOffline: (error: unknown) => boolean;
  /** Keeps or clears the unsaved edits on the device. */
  keep: (revision: number, document: GuideBundleInput) => void;
  forget: () => void;
  debounceMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export type AutosaverSnapshot = {
  document: GuideBundleInput;
  revision: number;
  state: SaveState;
  conflict: DraftConflict | null;
};

/**
 * The editor's saving, apart from React so its rules are tested alone: each edit is kept on
 * the device at once and sent after a pause with the revision it was based on; one save at a
 * time, edits made meanwhile go in the next; a conflict stops saving until the editor replaces
 * the document; a failure or being offline keeps the edits and leaves them to `retry`.
 */
export function createAutosaver(
  start: { document: GuideBundleInput; revision: number; dirty: boolean },
  deps: AutosaverDeps,
) {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const debounce = deps.debounceMs ?? 800;
  const snap: AutosaverSnapshot = {
    document: start.document,
    revision: start.revision,
    state: start.dirty ? { kind: 'pending' } : { kind: 'saved' },
    conflict: null,
  };
  let dirty = start.dirty;
  let inFlight: Promise<boolean> | null = null;
  let timer: unknown = null;

  // The snapshot is a new object at each change (React's useSyncExternalStore compares them).
  let current: AutosaverSnapshot = { ...snap };
  const listeners = new Set<() => void>();
  const emit = (patch: Partial<AutosaverSnapshot>) => {
    Object.assign(snap, patch);
    current = { ...snap };
    for (const l of listeners) l();
  };

  async function sendOnce(): Promise<boolean> {
    if (snap.conflict) return false;
    if (!dirty) return true;
    const sent = snap.document;
    emit({ state: { kind: 'saving' } });
    try {
      const answer = await deps.save(snap.revision, sent);
      if (!answer.ok) {
        emit({ conflict: answer.conflict, state: { kind: 'conflict' } });
        return false;
      }
      if (snap.document === sent) {
        dirty = false;
        deps.forget();
        emit({ revision: answer.revision, state: { kind: 'saved' } });
        return true;
      }
      // Edited while it was sent: the newer edits wait on the new revision.
      deps.keep(answer.revision, snap.document);
      emit({ revision: answer.revision, state: { kind: 'pending' } });
      return false;
    } catch (e) {
      emit({
        state: deps.isOffline(e)
          ? { kind: 'offline' }
          : { kind: 'failed', message: (e as Error).message },
      });
      return false;
    }
  }

  function schedule(ms: number) {
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => {
      timer = null;
      void flush();
    }, ms);
  }

  /** Sends what is unsaved now (after any save under way); true once the server has it all. */
  async function flush(): Promise<boolean> {
    if (timer !== null) clearTimer(timer);
    timer = null;
    while (inFlight) await inFlight;
    inFlight = sendOnce();
    const saved = await inFlight;
    inFlight = null;
    if (!saved && dirty && !snap.conflict && snap.state.kind === 'pending') schedule(debounce);
    return saved;
  }

  return {
    snapshot: (): AutosaverSnapshot => current,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    edit(document: GuideBundleInput) {
      dirty = true;
      deps.keep(snap.revision, document);
      if (snap.conflict) return emit({ document });
      emit({ document, state: snap.state.kind === 'offline' ? snap.state : { kind: 'pending' } });
      schedule(debounce);
    },
    flush,
    /** Tries again what waits (back online, now and then, leaving the page). */
    retry() {
      if (dirty && !snap.conflict) void flush();
    },
    /** The server's draft replaces the editor's: after a conflict's reload, or a restore. */
    replace(document: GuideBundleInput, revision: number) {
      if (timer !== null) clearTimer(timer);
      timer = null;
      dirty = false;
      deps.forget();
      emit({ document, revision, conflict: null, state: { kind: 'saved' } });
    },
    stop() {
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
export type Autosaver = ReturnType<typeof createAutosaver>;
