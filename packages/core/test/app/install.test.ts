import { describe, expect, it } from 'vitest';
import { INSTALL_LATER_MS, showInstallBanner } from '../../src/index.js';

const now = 1_700_000_000_000;
describe('showInstallBanner', () => {
  it.each([
    [{ standalone: false, canPrompt: true, memory: {} }, true],
    [{ standalone: true, canPrompt: true, memory: {} }, false],
    [{ standalone: false, canPrompt: false, memory: {} }, false],
    [{ standalone: false, canPrompt: true, memory: { never: true } }, false],
    [{ standalone: false, canPrompt: true, memory: { laterAt: now - 1000 } }, false],
    [
      { standalone: false, canPrompt: true, memory: { laterAt: now - INSTALL_LATER_MS + 1 } },
      false,
    ],
    [{ standalone: false, canPrompt: true, memory: { laterAt: now - INSTALL_LATER_MS } }, true],
  ])('%o → %s', (opts, out) => expect(showInstallBanner({ ...opts, now })).toBe(out));
});
