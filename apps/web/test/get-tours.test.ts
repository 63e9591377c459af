import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, guideSummarySchema } from '@earshot/core';
import { parseTours } from '../src/features/guides/api/get-tours';
import { ApiError } from '../src/shared/api/client';
import { guide } from './fixtures';

// A guide summary as the server sends it: checked against the core schema first, so the
// light first-load guard is tested against the real contract (docs/decisions/0003).
const valid = guideSummarySchema.parse(
  guide(1, 'Riverfront Sculpture Walk', 'Portland', 'Oregon', {
    languages: [{ code: 'en', label: 'English' }],
  }),
);

describe('parseTours', () => {
  it('passes a list the core schema accepts', () => {
    expect(parseTours([valid])).toEqual([valid]);
    expect(parseTours([])).toEqual([]);
  });
  it.each([
    ['not a list', { tours: [] }],
    ['a null entry', [null]],
    ['no city', [{ ...valid, city: undefined }]],
    ['a city without a state', [{ ...valid, city: { id: 1, name: 'Portland' } }]],
    ['a numeric title', [{ ...valid, title: 5 }]],
    ['no languages', [{ ...valid, languages: undefined }]],
    ['no description', [{ ...valid, description: undefined }]],
  ])('refuses %s with a clear message', (_, data) => {
    expect(() => parseTours(data)).toThrow(ApiError);
    expect(() => parseTours(data)).toThrow(CLIENT_MESSAGES.newVersion);
  });
});
