import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pendingInvitationsQueryOptions, studioKeys, withdrawInvitation } from '../api/studio-api';
import { formatWhen } from '../lib/format';
import styles from './studio.module.css';

/** Invitations of an organisation not yet accepted: who, until when, and taking one back. */
export function PendingInvitations({ organisation }: { organisation: number }) {
  const invitations = useQuery(pendingInvitationsQueryOptions(organisation));
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const withdraw = async (id: number) => {
    setError('');
    try {
      await withdrawInvitation(organisation, id);
      await queryClient.invalidateQueries({ queryKey: studioKeys.invitations(organisation) });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  if (!invitations.data?.length) return null;
  return (
    <>
      <h3 className={styles.cardTitle}>Waiting for an answer</h3>
      <ul className={styles.members}>
        {invitations.data.map((i) => (
          <li key={i.id}>
            <span>
              <strong>{i.email}</strong>
              <span className={styles.muted}> · until {formatWhen(i.expires_at)}</span>
            </span>
            <button
              type="button"
              className={styles.ghost}
              aria-label={`Withdraw the invitation to ${i.email}`}
              onClick={() => void withdraw(i.id)}
            >
              Withdraw
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
