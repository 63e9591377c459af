import { describe, expect, it } from 'vitest';
import { directionsUrl, platformOf } from '../../src/index.js';

describe('platformOf', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile', 'android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15', 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)', 'ios'],
    ['Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1)', 'windows phone'],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/120', 'desktop'],
  ])('%s → %s', (ua, p) => expect(platformOf(ua)).toBe(p));
});

describe('directionsUrl', () => {
  it.each([
    ['android', 'google.navigation:q=45.5,-122.6&mode=d'],
    ['ios', 'https://maps.apple.com/?daddr=45.5,-122.6&dirflg=d'],
    [
      'desktop',
      'https://www.google.com/maps/dir/?api=1&destination=45.5,-122.6&travelmode=driving&dir_action=navigate',
    ],
    [
      'windows phone',
      'https://www.google.com/maps/dir/?api=1&destination=45.5,-122.6&travelmode=driving&dir_action=navigate',
    ],
  ] as const)('%s, driving by default', (p, url) =>
    expect(directionsUrl(p, 45.5, -122.6)).toBe(url),
  );
  it('honours a travel mode', () => {
    expect(directionsUrl('desktop', 1, 2, 'walking')).toContain('travelmode=walking');
    expect(directionsUrl('ios', 1, 2, 'walking')).toContain('dirflg=w');
  });
});
