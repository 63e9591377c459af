import { describe, expect, it } from 'vitest';
import { importFailure } from '../../src/features/studio/lib/import-failure';
import { lastEdit } from '../../src/features/studio/lib/format';
import { changedText } from '../../src/features/studio/lib/conflict-text';
import { saveStatusText } from '../../src/features/studio/lib/save-status';

describe('import failure', () => {
  it.each([
    [
      400,
      { error: 'The bundle was refused', problems: ['guide.json: missing'] },
      {
        message: 'The bundle was refused',
        problems: [{ text: 'guide.json: missing', details: null }],
      },
    ],
    [
      400,
      { message: 'Bad bundle', problems: [{ path: '$.pois[0].lat', message: 'too big' }, 3] },
      {
        message: 'Bad bundle',
        problems: [{ text: 'Stop 1, lat: too big', details: '$.pois[0].lat' }],
      },
    ],
    [
      400,
      {
        error: 'Invalid guide bundle',
        problems: [
          { path: '$', message: 'Not a zip.', detail: 'end of central directory not found' },
        ],
      },
      {
        message: 'Invalid guide bundle',
        problems: [{ text: 'Not a zip.', details: 'end of central directory not found' }],
      },
    ],
    [413, null, { message: 'The bundle is larger than the server accepts.', problems: [] }],
    [500, 'x', { message: 'The import failed (the server answered 500).', problems: [] }],
  ])('%i %j', (status, body, expected) => {
    expect(importFailure(status, body)).toEqual(expected);
  });
});

describe('texts', () => {
  it('says the last edit with or without its author and time', () => {
    expect(lastEdit('2026-11-03T10:02:00Z', 'Ana', 'en-GB')).toMatch(
      /^Edited 3 Nov 2026, .* by Ana$/,
    );
    expect(lastEdit(null, 'Ana')).toBe('Edited by Ana');
    expect(lastEdit(null, null)).toBe('');
    expect(lastEdit('nonsense', null)).toBe('');
  });
  it('names the changed parts of a conflict', () => {
    expect(changedText([])).toBe('the guide');
    expect(changedText(['pois'])).toBe('the stops');
    expect(changedText(['guide', 'pois', 'hunts'])).toBe(
      'the guide’s details, the stops and the scavenger hunts',
    );
  });
  it.each([
    [{ kind: 'saved' }, 'Saved'],
    [{ kind: 'pending' }, 'Saving…'],
    [{ kind: 'saving' }, 'Saving…'],
    [{ kind: 'offline' }, 'Offline — changes kept on this device'],
    [{ kind: 'conflict' }, 'Not saved — someone else changed this guide'],
  ] as const)('status %j reads %s', (state, text) => {
    expect(saveStatusText(state)).toBe(text);
  });
});
