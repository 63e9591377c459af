import { describe, expect, it } from 'vitest';
import { takePartLine } from '../../src/index.js';

describe("the 'Register to take part' line names only what the guide has", () => {
  it.each([
    [0, 0, null],
    [3, 0, 'Earn badges as you walk.'],
    [1, 0, 'Earn badges as you walk.'],
    [0, 1, 'Answer the scavenger hunt as you walk.'],
    [0, 2, 'Answer the scavenger hunts as you walk.'],
    [2, 1, 'Earn badges and answer the scavenger hunt as you walk.'],
    [1, 3, 'Earn badges and answer the scavenger hunts as you walk.'],
  ])('%i badges, %i hunts → %j', (badges, hunts, line) => {
    expect(takePartLine(badges, hunts)).toBe(line);
  });
});
