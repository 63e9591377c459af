import { describe, expect, it } from 'vitest';
import { problemPlace } from '../../src/index.js';

describe('a problem path in a publisher’s words', () => {
  it.each([
    ['$', null],
    ['', null],
    ['pois[1]', null],
    ['$.guide', 'Guide'],
    ['$.guide.title', 'Guide, title'],
    ['$.pois[1].content.en.title', 'Stop 2, title (en)'],
    ['$.pois[0].content.es.audio', 'Stop 1, audio (es)'],
    ['$.pois[4].images[0].path', 'Stop 5, Picture 1, path'],
    ['$.pois[0].keypad_code', 'Stop 1, keypad code'],
    ['$.layers[2]', 'Layer 3'],
    ['$.hunts[0].challenges[3].answer', 'Scavenger hunt 1, Challenge 4, answer'],
    ['$.badges[1].levels[0].required', 'Badge 2, Level 1, required'],
  ])('%j → %j', (path, place) => expect(problemPlace(path)).toBe(place));
});
