import { describe, expect, it } from 'vitest';
import { createOrganisationSchema } from '../../src/contract/studio-api.js';

describe('createOrganisationSchema', () => {
  it.each([
    ['Portland Museums', true],
    ['  Trimmed  ', true],
    ['Port\u0000land', false], // found by the fuzz test: a 500 on PostgreSQL
    ['Tab\there', false],
    ['', false],
    ['x'.repeat(121), false],
  ])('%j accepted: %s', (name, ok) => {
    expect(createOrganisationSchema.safeParse({ name }).success).toBe(ok);
  });
});
