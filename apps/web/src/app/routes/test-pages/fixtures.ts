import type { GuideSummary } from '@earshot/core';
import type { KeypadStop } from '../../../features/keypad/lib/keypad-stop';
import type { SplashGuide } from '../../../features/guide-entry/components/splash-dialog';

// The test pages' own data, shipped with their code: they work without the API and offline.

/**
 * A landscape drawn as an SVG data URL (hills, a path and a sun over a sky of `hue`), so the
 * pages have pictures without any file to fetch.
 */
export function scene(hue: number, width = 800, height = 533): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="hsl(${hue} 55% 42%)"/><stop offset="1" stop-color="hsl(${hue + 30} 70% 78%)"/>
</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#s)"/>
<circle cx="${width * 0.72}" cy="${height * 0.3}" r="${height * 0.11}" fill="hsl(45 95% 82%)"/>
<path d="M0 ${height * 0.68} Q${width * 0.25} ${height * 0.5} ${width * 0.5} ${height * 0.64} T${width} ${height * 0.58} V${height} H0Z" fill="hsl(${hue + 120} 30% 34%)"/>
<path d="M0 ${height * 0.82} Q${width * 0.35} ${height * 0.7} ${width * 0.62} ${height * 0.8} T${width} ${height * 0.76} V${height} H0Z" fill="hsl(${hue + 130} 35% 22%)"/>
<path d="M${width * 0.42} ${height} C${width * 0.5} ${height * 0.9} ${width * 0.56} ${height * 0.84} ${width * 0.6} ${height * 0.78}" stroke="hsl(40 40% 85%)" stroke-width="${height * 0.025}" fill="none" stroke-linecap="round"/>
</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The guide /splash_test shows. */
export const SPLASH_GUIDE: SplashGuide = {
  title: 'Lantern Hill Sculpture Trail',
  city: { name: 'Sample City', state: 'Test Pages' },
  splash_url: scene(205, 1080, 1920),
  images: [],
};

/** The stops of /keypad_test: one per SPEC §9 test code (123, 456, 789). */
export const KEYPAD_STOPS: readonly KeypadStop[] = [
  {
    token: 'test-123',
    keypad_code: 123,
    title: 'Lantern Post',
    subtitle: 'Test stop',
    color: 'c2410c',
  },
  {
    token: 'test-456',
    keypad_code: 456,
    title: 'Stone Fountain',
    subtitle: 'Test stop',
    color: '1d4ed8',
  },
  {
    token: 'test-789',
    keypad_code: 789,
    title: 'Old Mill Wheel',
    subtitle: 'Test stop',
    color: '7e22ce',
  },
];

const PLACES: [city: string, state: string][] = [
  ['Ashford', 'Oregon'],
  ['Bayview', 'Oregon'],
  ['Cedar Falls', 'Iowa'],
  ['Dunmore', 'Pennsylvania'],
  ['Elm Grove', 'Wisconsin'],
  ['Fairhaven', 'Massachusetts'],
  ['Glenwood', 'Colorado'],
  ['Harbor City', 'California'],
];
const WALKS = ['Sculpture Walk', 'Mural Loop', 'History Trail', 'River Stroll'];
const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
];

/**
 * `count` guide summaries in the eight sample cities (a city gets a guide in turn). Above 20
 * the list groups them by city, with the alphabet bar; 20 or fewer show flat (SPEC §2, §9).
 */
export function sampleGuides(count: number): GuideSummary[] {
  return Array.from({ length: count }, (_, i) => {
    const [name, state] = PLACES[i % PLACES.length]!;
    const cityId = (i % PLACES.length) + 1;
    const walk = WALKS[Math.floor(i / PLACES.length) % WALKS.length]!;
    const image = scene((i * 47) % 360);
    return {
      id: 9000 + i,
      token: `sample-guide-${i + 1}`,
      title: `${name} ${walk}`,
      description: `<p>A sample ${walk.toLowerCase()} in ${name}, ${state}: fixture data of the guide list test page.</p>`,
      city_id: cityId,
      city: { id: 9000 + cityId, name, state },
      coming_soon: i % 7 === 6,
      map_type: 'hybrid',
      splash_url: image,
      splashURL: image,
      images: [image],
      tour_images: [],
      languages: i % 3 === 0 ? LANGUAGES : [],
      has_keypad: i % 2 === 0,
      num_pois: 3 + ((i * 5) % 12),
      centroid: null,
      center: null,
      distance: -1,
    };
  });
}
