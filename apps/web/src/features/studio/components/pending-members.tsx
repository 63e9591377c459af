import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  confirmMember,
  pendingMembersQueryOptions,
  refuseMember,
  studioKeys,
} from '../api/studio-api';
import type { PendingMember } from '@earshot/core';
import { formatWhen } from '../lib/format';
import styles from './studio.module.css';

const who = (m: PendingMember) => `${m.name || m.email} (${m.email})`;

/**
 * Who accepted an invitation without a proved address (the server sends no mail): the admin
 * sees the account as registered and the invitation it used, and confirms or refuses them.
 */
export function PendingMembers({ organisation }: { organisation: number }) {
  const pending = useQuery(pendingMembersQueryOptions(organisation));
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');

  const decide = async (m: PendingMember, confirm: boolean) => {
    setBusy(m.invitation_id);
    setError('');
    setSaid('');
    try {
      await (confirm ? confirmMember : refuseMember)(organisation, m.invitation_id);
      setSaid(
        confirm
          ? `${who(m)} is now a publisher.`
          : `${who(m)} was refused: they are not a member, and the invitation is gone.`,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: studioKeys.pendingMembers(organisation) }),
        queryClient.invalidateQueries({ queryKey: studioKeys.members(organisation) }),
      ]);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <p className={styles.muted} role="status">
        {said}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {!!pending.data?.length && (
        <section className={styles.inline} aria-labelledby={`pending-members-${organisation}`}>
          <h3 id={`pending-members-${organisation}`} className={styles.cardTitle}>
            Waiting for your confirmation
          </h3>
          <p className={styles.muted}>
            They accepted an invitation, but this server sends no e-mail, so nobody has checked that
            the address is theirs. Confirm only people you know you invited; until then they cannot
            open the organisation’s guides.
          </p>
          <ul className={styles.members}>
            {pending.data.map((m) => (
              <li key={m.invitation_id}>
                <span>
                  <strong>{m.name || m.email}</strong>
                  <span className={styles.muted}> · registered as {m.email}</span>
                  <br />
                  <span className={styles.muted}>
                    Accepted {formatWhen(m.accepted_at)}. The invitation was sent to{' '}
                    {m.invited_email}
                    {m.invited_by ? ` by ${m.invited_by}` : ''} on {formatWhen(m.invited_at)}.
                  </span>
                </span>
                <span className={styles.actions}>
                  <button
                    type="button"
                    className={styles.primary}
                    aria-label={`Confirm ${who(m)} as a publisher`}
                    disabled={busy === m.invitation_id}
                    onClick={() => void decide(m, true)}
                  >
                    Confirm
                  </button>
                  <button
                    type="button"
                    className={styles.ghost}
                    aria-label={`Refuse ${who(m)}`}
                    disabled={busy === m.invitation_id}
                    onClick={() => void decide(m, false)}
                  >
                    Refuse
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
