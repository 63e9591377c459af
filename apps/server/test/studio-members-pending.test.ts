import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation, PendingMember, StudioMe } from '@earshot/core';
import type { SignedUp } from './auth-helpers.js';
import type { TestEnv } from './helpers.js';
import { markVerified, type StudioWorld } from './studio-helpers.js';
import {
  ALL_RIGHTS,
  NO_RIGHTS,
  startProofWorld,
  type ProofWorld,
} from './address-proof-helpers.js';

// Without SMTP nobody can prove by mail that whoever accepts an invitation holds the invited
// address, so the acceptance waits for an admin, who sees who accepted and confirms or refuses
// them; until confirmed they have no publisher rights anywhere (docs/studio.md Roles).

let world: ProofWorld;
let plain: TestEnv;
let w: StudioWorld;
beforeAll(async () => {
  world = await startProofWorld();
  ({ plain, w } = world);
});
afterAll(() => world.close());
const call: ProofWorld['call'] = (...args) => world.call(...args);
const invited = (env: TestEnv) => world.invited(env);
const memberRow = (userId: string) => world.memberRow(userId);
const publisherCalls = (env: TestEnv, who: SignedUp) => world.publisherCalls(env, who);

describe('without SMTP: an admin confirms who accepted', () => {
  it('records the acceptance as waiting, with no publisher rights, until the admin confirms', async () => {
    const { token, invitee } = await invited(plain);
    expect(
      (await call(plain, invitee, 'GET', `/invitations/${token}`)).json<Invitation>().status,
    ).toBe('admin_confirms');
    const nomail = await call(plain, invitee, 'POST', `/invitations/${token}/verify-email`);
    expect(nomail.statusCode).toBe(409);

    const accepted = await call(plain, invitee, 'POST', `/invitations/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('pending');
    expect(await memberRow(invitee.user.id)).toBeUndefined();
    expect(await publisherCalls(plain, invitee)).toEqual(NO_RIGHTS);
    expect((await call(plain, invitee, 'GET', '/me')).json<StudioMe>()).toEqual({
      admin: false,
      organisations: [],
      pending: [{ id: w.orgB.id, name: 'City of Echoes' }],
    });
    // The page says it waits; accepting again changes nothing.
    expect(
      (await call(plain, invitee, 'GET', `/invitations/${token}`)).json<Invitation>().status,
    ).toBe('waiting');
    expect((await call(plain, invitee, 'POST', `/invitations/${token}/accept`)).json().status).toBe(
      'pending',
    );
    const listed = await call(plain, w.admin, 'GET', '/organisations');
    const orgB = listed.json<{ id: number; members: number }[]>().find((o) => o.id === w.orgB.id)!;
    const members = await call(plain, w.admin, 'GET', `/organisations/${w.orgB.id}/members`);
    expect(members.json<{ user_id: string }[]>().map((m) => m.user_id)).not.toContain(
      invitee.user.id,
    );
    expect(orgB.members).toBe(members.json<unknown[]>().length);

    // The admin sees who accepted: the account as registered, and the invitation.
    const pending = await call(
      plain,
      w.admin,
      'GET',
      `/organisations/${w.orgB.id}/pending-members`,
    );
    expect(pending.statusCode).toBe(200);
    const entry = pending.json<PendingMember[]>().find((p) => p.user_id === invitee.user.id)!;
    expect(entry).toEqual({
      invitation_id: expect.any(Number),
      user_id: invitee.user.id,
      name: 'Ines Invitee',
      email: invitee.user.email,
      accepted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      invited_email: invitee.user.email,
      invited_by: 'Ann Admin',
      invited_at: expect.stringMatching(/^\d{4}-/),
    });
    const confirmUrl = `/organisations/${w.orgB.id}/pending-members/${entry.invitation_id}/confirm`;
    // Only an admin confirms: not the one waiting, not another organisation's publisher.
    for (const who of [invitee, w.publisherB, w.publisherA])
      expect((await call(plain, who, 'POST', confirmUrl)).statusCode).toBe(403);
    expect(
      (
        await call(
          plain,
          w.admin,
          'POST',
          `/organisations/${w.orgA.id}/pending-members/${entry.invitation_id}/confirm`,
        )
      ).statusCode,
    ).toBe(404);
    expect(await memberRow(invitee.user.id)).toBeUndefined();

    expect((await call(plain, w.admin, 'POST', confirmUrl)).statusCode).toBe(204);
    expect(await publisherCalls(plain, invitee)).toEqual(ALL_RIGHTS);
    const me = (await call(plain, invitee, 'GET', '/me')).json<StudioMe>();
    expect(me.organisations.map((o) => o.id)).toEqual([w.orgB.id]);
    expect(me.pending).toEqual([]);
    expect((await call(plain, w.admin, 'POST', confirmUrl)).statusCode).toBe(404);
    expect((await call(plain, invitee, 'GET', `/invitations/${token}`)).statusCode).toBe(410);
  });

  it('refusing removes the acceptance: no member, the link answers 404', async () => {
    const { token, invitee } = await invited(plain);
    expect((await call(plain, invitee, 'POST', `/invitations/${token}/accept`)).json().status).toBe(
      'pending',
    );
    const pending = await call(
      plain,
      w.admin,
      'GET',
      `/organisations/${w.orgB.id}/pending-members`,
    );
    const entry = pending.json<PendingMember[]>().find((p) => p.user_id === invitee.user.id)!;
    const url = `/organisations/${w.orgB.id}/pending-members/${entry.invitation_id}`;
    expect((await call(plain, w.publisherB, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(plain, w.admin, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(plain, w.admin, 'DELETE', url)).statusCode).toBe(404);
    expect((await call(plain, w.admin, 'POST', `${url}/confirm`)).statusCode).toBe(404);
    expect(await memberRow(invitee.user.id)).toBeUndefined();
    expect(await publisherCalls(plain, invitee)).toEqual(NO_RIGHTS);
    expect((await call(plain, invitee, 'GET', '/me')).json<StudioMe>().pending).toEqual([]);
    expect((await call(plain, invitee, 'GET', `/invitations/${token}`)).statusCode).toBe(404);
    const after = await call(plain, w.admin, 'GET', `/organisations/${w.orgB.id}/pending-members`);
    expect(after.json<PendingMember[]>().map((p) => p.user_id)).not.toContain(invitee.user.id);
  });

  it('lets an account whose address is verified (a provider vouched for it) join at once', async () => {
    const { token, invitee } = await invited(plain);
    await markVerified(plain.handle, invitee.user.id);
    expect(
      (await call(plain, invitee, 'GET', `/invitations/${token}`)).json<Invitation>().status,
    ).toBe('ready');
    const accepted = await call(plain, invitee, 'POST', `/invitations/${token}/accept`);
    expect(accepted.json().status).toBe('member');
    expect(await memberRow(invitee.user.id)).toBeDefined();
  });

  it('shows the waiting list to admins only', async () => {
    const url = `/organisations/${w.orgB.id}/pending-members`;
    expect((await call(plain, w.publisherB, 'GET', url)).statusCode).toBe(403);
    expect((await call(plain, null, 'GET', url)).statusCode).toBe(401);
    expect(
      (await call(plain, w.admin, 'GET', '/organisations/999999/pending-members')).statusCode,
    ).toBe(404);
  });
});
