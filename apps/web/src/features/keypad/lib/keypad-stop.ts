import type { Poi } from '@earshot/core';

/** What the keypad and its directory show of a stop (a guide's POI, or a test page's). */
export type KeypadStop = Pick<Poi, 'token' | 'keypad_code' | 'title' | 'subtitle' | 'color'>;
