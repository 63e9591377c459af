import { describe, expect, it } from 'vitest';
import { adminEmailGrants, invitationStep } from '../../src/index.js';

describe('invitationStep', () => {
  it.each([
    ['a verified address, mail set', true, true, 'ready'],
    ['a verified address (Google), no mail', true, false, 'ready'],
    ['an unverified address, mail set: prove it by the mailed link', false, true, 'verify_email'],
    ['an unverified address, no mail: an admin confirms', false, false, 'admin_confirms'],
  ] as const)('%s → %s', (_label, verified, mail, step) => {
    expect(invitationStep({ verified, mail })).toBe(step);
  });
});

describe('adminEmailGrants', () => {
  const listed = ['boss@example.org', 'second@example.org'];
  it.each([
    ['listed and verified', 'boss@example.org', true, true],
    ['listed in another case, verified', ' Boss@Example.ORG ', true, true],
    ['listed but not verified', 'boss@example.org', false, false],
    ['verified but not listed', 'other@example.org', true, false],
    ['neither', 'other@example.org', false, false],
  ] as const)('%s → %s', (_label, email, verified, grants) => {
    expect(adminEmailGrants(listed, { email, verified })).toBe(grants);
  });

  it('grants nothing with an empty list', () => {
    expect(adminEmailGrants([], { email: 'boss@example.org', verified: true })).toBe(false);
  });
});
