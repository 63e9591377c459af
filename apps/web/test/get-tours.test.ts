import { describe, expect, it } from 'vitest';
import { guideSummarySchema } from '@earshot/core';
import { parseTours } from '../src/features/guides/api/get-tours';
import { ApiError } from '../src/shared/api/client';

// A guide summary as the server sends it: checked against the core schema first, so the
// light first-load guard is tested against the real contract (docs/decisions/0003).
const valid = guideSummarySchema.parse({
  id: 1,
  token: 'riverfront-sculpture-walk',
  title: 'Riverfront Sculpture Walk',
  description: '<p>Fourteen stops.</p>',
  city_id: 1,
  city: { id: 1, name: 'Portland', state: 'Oregon' },
  coming_soon: false,
  map_type: 'hybrid',
  splash_url: null,
  splashURL: null,
  images: [],
  tour_images: [],
  languages: [{ code: 'en', label: 'English' }],
  has_keypad: true,
  num_pois: 14,
  centroid: [45.5, -122.67],
  center: { lat: 45.5, lng: -122.67 },
  distance: -1,
});

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
    expect(() => parseTours(data)).toThrow(/Reload to update the app/);
  });
});
