import type { GuideSummary } from '@earshot/core';

// Guide summaries as the server sends them, for the web tests.

const cityIds = new Map<string, number>();
const cityId = (name: string) => {
  if (!cityIds.has(name)) cityIds.set(name, cityIds.size + 1);
  return cityIds.get(name)!;
};

/** A guide summary; cities get stable ids by name. */
export const guide = (
  id: number,
  title: string,
  city: string,
  state = 'Oregon',
  extra: Partial<GuideSummary> = {},
): GuideSummary => ({
  id,
  token: `g-${id}`,
  title,
  description: '<p>First part.</p><p>Second <em>part</em>.</p>',
  city_id: id,
  city: { id: cityId(city), name: city, state },
  coming_soon: false,
  map_type: 'hybrid',
  splash_url: `/static/tours/${id}/media/splash.jpg`,
  splashURL: `/static/tours/${id}/media/splash.jpg`,
  images: [],
  tour_images: [],
  languages: [],
  has_keypad: false,
  num_pois: 3,
  centroid: [45, -122],
  center: { lat: 45, lng: -122 },
  distance: -1,
  ...extra,
});
