import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';

// The scale-out settings (docs/deploy.md): NODE_NAME and SHUTDOWN_GRACE_MS.
describe('NODE_NAME and SHUTDOWN_GRACE_MS', () => {
  it('default to no name and 25 seconds', () => {
    expect(readConfig({})).toMatchObject({ nodeName: undefined, shutdownGraceMs: 25_000 });
  });

  it.each([
    [{ NODE_NAME: 'node-a' }, { nodeName: 'node-a' }],
    [{ NODE_NAME: 'eu-west-1.app_2' }, { nodeName: 'eu-west-1.app_2' }],
    [{ SHUTDOWN_GRACE_MS: '0' }, { shutdownGraceMs: 0 }],
    [{ SHUTDOWN_GRACE_MS: '600000' }, { shutdownGraceMs: 600_000 }],
  ])('read %j', (env, expected) => {
    expect(readConfig(env)).toMatchObject(expected);
  });

  it.each([
    [{ NODE_NAME: 'node a' }, /^Invalid NODE_NAME="node a": must be 1 to 64 letters/],
    [{ NODE_NAME: 'x'.repeat(65) }, /^Invalid NODE_NAME=/],
    [{ SHUTDOWN_GRACE_MS: '1.5' }, /^Invalid SHUTDOWN_GRACE_MS="1.5": must be a whole number/],
    [{ SHUTDOWN_GRACE_MS: '-1' }, /^Invalid SHUTDOWN_GRACE_MS="-1": must be at least 0/],
    [{ SHUTDOWN_GRACE_MS: '600001' }, /^Invalid SHUTDOWN_GRACE_MS="600001": must be at most/],
  ])('refuse %j with one line naming it', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});
