import { describe, expect, it, vi } from 'vitest';
import { emptyDraft, type DraftConflict, type GuideBundleInput } from '@earshot/core';
import { createAutosaver, type SaveAnswer } from '../../src/features/studio/lib/autosaver';

const doc = (title: string): GuideBundleInput =>
  emptyDraft({ token: 'g', title, city: { name: 'A', state: 'B' } });

/** An autosaver whose saves answer as `answers` says, in order, with what it was sent. */
function setup(answers: (SaveAnswer | Error)[], dirty = false) {
  const sent: { revision: number; title: string }[] = [];
  const kept: { revision: number; title: string }[] = [];
  let forgotten = 0;
  const saver = createAutosaver(
    { document: doc('start'), revision: 1, dirty },
    {
      save: (revision, d) => {
        sent.push({ revision, title: d.guide.title });
        const a = answers.shift() ?? new Error('no answer left');
        return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
      },
      isOffline: (e) => (e as Error).message === 'offline',
      keep: (revision, d) => kept.push({ revision, title: d.guide.title }),
      forget: () => forgotten++,
      debounceMs: 100,
    },
  );
  return { saver, sent, kept, forgotten: () => forgotten };
}

describe('autosaver', () => {
  it('keeps each edit on the device, sends after a pause with its revision, then forgets it', async () => {
    vi.useFakeTimers();
    const { saver, sent, kept, forgotten } = setup([{ ok: true, revision: 2 }]);
    saver.edit(doc('a'));
    saver.edit(doc('ab'));
    expect(kept).toEqual([
      { revision: 1, title: 'a' },
      { revision: 1, title: 'ab' },
    ]);
    expect(saver.snapshot().state).toEqual({ kind: 'pending' });
    await vi.advanceTimersByTimeAsync(99);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ revision: 1, title: 'ab' }]);
    expect(saver.snapshot()).toMatchObject({ revision: 2, state: { kind: 'saved' } });
    expect(forgotten()).toBe(1);
    vi.useRealTimers();
  });

  it('sends edits made during a save in the next one, on the new revision', async () => {
    let release!: (a: SaveAnswer) => void;
    const sent: number[] = [];
    const saver = createAutosaver(
      { document: doc('start'), revision: 1, dirty: false },
      {
        save: (revision) => {
          sent.push(revision);
          return new Promise((r) => (release = r));
        },
        isOffline: () => false,
        keep: () => undefined,
        forget: () => undefined,
        debounceMs: 0,
      },
    );
    saver.edit(doc('a'));
    const first = saver.flush();
    await Promise.resolve();
    saver.edit(doc('ab'));
    release({ ok: true, revision: 2 });
    expect(await first).toBe(false);
    expect(saver.snapshot().state.kind).toBe('pending');
    const second = saver.flush();
    await vi.waitFor(() => expect(sent).toEqual([1, 2]));
    release({ ok: true, revision: 3 });
    expect(await second).toBe(true);
    expect(saver.snapshot()).toMatchObject({ revision: 3, state: { kind: 'saved' } });
  });

  it('stops at a conflict, keeps the edits, and goes on from the document it is given', async () => {
    const conflict: DraftConflict = {
      message: 'Someone else saved this guide',
      error: 'Conflict',
      revision: 5,
      updated_at: 'x',
      updated_by: 'Ana',
      changed: ['pois'],
    };
    const { saver, sent, kept } = setup([
      { ok: false, conflict },
      { ok: true, revision: 6 },
    ]);
    saver.edit(doc('mine'));
    expect(await saver.flush()).toBe(false);
    expect(saver.snapshot()).toMatchObject({ conflict, state: { kind: 'conflict' } });
    saver.edit(doc('mine, more'));
    expect(await saver.flush()).toBe(false);
    expect(sent).toHaveLength(1);
    expect(kept.at(-1)).toEqual({ revision: 1, title: 'mine, more' });
    saver.replace(doc('theirs'), 5);
    expect(saver.snapshot()).toMatchObject({
      conflict: null,
      revision: 5,
      state: { kind: 'saved' },
    });
    saver.edit(doc('theirs + mine'));
    expect(await saver.flush()).toBe(true);
    expect(sent.at(-1)).toEqual({ revision: 5, title: 'theirs + mine' });
  });

  it('offline: says so, keeps the edits, sends them on retry', async () => {
    const { saver, sent } = setup([new Error('offline'), { ok: true, revision: 2 }]);
    saver.edit(doc('a'));
    expect(await saver.flush()).toBe(false);
    expect(saver.snapshot().state).toEqual({ kind: 'offline' });
    saver.edit(doc('ab'));
    expect(saver.snapshot().state).toEqual({ kind: 'offline' });
    saver.retry();
    await vi.waitFor(() => expect(saver.snapshot().state).toEqual({ kind: 'saved' }));
    expect(sent.map((s) => s.title)).toEqual(['a', 'ab']);
  });

  it('a failure names the server’s message', async () => {
    const { saver } = setup([new Error('The server answered 500.')]);
    saver.edit(doc('a'));
    await saver.flush();
    expect(saver.snapshot().state).toEqual({ kind: 'failed', message: 'The server answered 500.' });
  });

  it('edits kept from an earlier visit start as unsaved and go out on the first retry', async () => {
    const { saver, sent } = setup([{ ok: true, revision: 2 }], true);
    expect(saver.snapshot().state).toEqual({ kind: 'pending' });
    saver.retry();
    await vi.waitFor(() => expect(saver.snapshot().state).toEqual({ kind: 'saved' }));
    expect(sent).toEqual([{ revision: 1, title: 'start' }]);
  });
});
