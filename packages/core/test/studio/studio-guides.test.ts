import { describe, expect, it } from 'vitest';
import { studioGuideList, studioGuideStatus, type DraftGuideEntry } from '../../src/index.js';

const pub = (token: string, published_at: string, title = `Published ${token}`) => ({
  token,
  title,
  published_at,
});
const draft = (token: string, updated_at: string, extra: Partial<DraftGuideEntry> = {}) => ({
  token,
  title: `Draft ${token}`,
  updated_at,
  updated_by: 'Ada',
  ...extra,
});

describe('studioGuideStatus', () => {
  it.each([
    ['no published guide', undefined, draft('a', '2026-01-02T00:00:00.000Z'), 'draft'],
    ['published, no draft', pub('a', '2026-01-01T00:00:00.000Z'), undefined, 'published'],
    [
      'draft saved after publishing',
      pub('a', '2026-01-01T00:00:00.000Z'),
      draft('a', '2026-01-02T00:00:00.000Z'),
      'changed',
    ],
    [
      'draft saved before the last publish',
      pub('a', '2026-01-03T00:00:00.000Z'),
      draft('a', '2026-01-02T00:00:00.000Z'),
      'published',
    ],
    [
      'the drafts part says unchanged',
      pub('a', '2026-01-01T00:00:00.000Z'),
      draft('a', '2026-01-02T00:00:00.000Z', { changed: false }),
      'published',
    ],
    [
      'the drafts part says changed',
      pub('a', '2026-01-03T00:00:00.000Z'),
      draft('a', '2026-01-02T00:00:00.000Z', { changed: true }),
      'changed',
    ],
  ] as const)('%s → %s', (_name, p, d, expected) => {
    expect(studioGuideStatus(p, d)).toBe(expected);
  });
});

describe('studioGuideList', () => {
  it('merges by token, prefers the draft, and lists the latest edit first', () => {
    const list = studioGuideList(
      7,
      [pub('old', '2026-01-01T00:00:00.000Z'), pub('both', '2026-01-02T00:00:00.000Z')],
      [draft('both', '2026-01-05T00:00:00.000Z'), draft('new', '2026-01-03T00:00:00.000Z')],
    );
    expect(list).toEqual([
      {
        token: 'both',
        title: 'Draft both',
        organisation_id: 7,
        status: 'changed',
        updated_at: '2026-01-05T00:00:00.000Z',
        updated_by: 'Ada',
        published_at: '2026-01-02T00:00:00.000Z',
      },
      {
        token: 'new',
        title: 'Draft new',
        organisation_id: 7,
        status: 'draft',
        updated_at: '2026-01-03T00:00:00.000Z',
        updated_by: 'Ada',
        published_at: null,
      },
      {
        token: 'old',
        title: 'Published old',
        organisation_id: 7,
        status: 'published',
        updated_at: '2026-01-01T00:00:00.000Z',
        updated_by: null,
        published_at: '2026-01-01T00:00:00.000Z',
      },
    ]);
  });

  it('is empty for an organisation with nothing', () => {
    expect(studioGuideList(1, [], [])).toEqual([]);
  });
});
