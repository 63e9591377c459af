import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CopyLink } from '../../../shared/ui/copy-link';
import { Spinner } from '../../../shared/ui/spinner';
import { TextField } from '../../../shared/ui/text-field';
import { invitePublisher, membersQueryOptions, studioKeys } from '../api/studio-api';
import type { InvitationCreated } from '@earshot/core';
import { formatWhen } from '../lib/format';
import type { StudioOrg } from './use-studio-me';
import { PendingInvitations } from './pending-invitations';
import { PendingMembers } from './pending-members';
import styles from './studio.module.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * One organisation: its members, inviting a publisher (mailed, or a link to copy), and who
 * accepted without a proved address, waiting for the admin's confirmation.
 */
export function OrganisationMembers({ organisation }: { organisation: StudioOrg }) {
  const members = useQuery(membersQueryOptions(organisation.id));
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<InvitationCreated | null>(null);

  const invite = async (e: FormEvent) => {
    e.preventDefault();
    if (!EMAIL.test(email.trim()))
      return setError('Enter an e-mail address such as ana@museum.org.');
    setBusy(true);
    setError(null);
    setSent(null);
    try {
      setSent(await invitePublisher(organisation.id, email.trim()));
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: studioKeys.members(organisation.id) });
      void queryClient.invalidateQueries({ queryKey: studioKeys.invitations(organisation.id) });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="org-members">
      <h2 id="org-members" className={styles.cardTitle}>
        {organisation.name}
      </h2>
      <form className={styles.inline} onSubmit={(e) => void invite(e)} noValidate>
        <TextField
          label="Invite a publisher by e-mail"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          beside={
            <button type="submit" className={styles.primary} disabled={busy}>
              {busy ? 'Inviting…' : 'Invite'}
            </button>
          }
        />
      </form>
      {sent && (
        <div className={styles.inline} role="status">
          {sent.mailed ? (
            <p className={styles.muted}>
              Invitation sent to {sent.email}. It expires {formatWhen(sent.expires_at)}.
            </p>
          ) : (
            <>
              <p className={styles.muted}>
                No e-mail was sent (this server has no mail set up): send {sent.email} this link. It
                expires {formatWhen(sent.expires_at)}.
              </p>
              {sent.link && <CopyLink label="Invitation link" url={sent.link} />}
            </>
          )}
        </div>
      )}
      <PendingMembers organisation={organisation.id} />
      <PendingInvitations organisation={organisation.id} />
      <h3 className={styles.cardTitle}>Members</h3>
      {members.isPending ? (
        <Spinner label="Loading the members" />
      ) : members.error ? (
        <p className={styles.error}>{members.error.message}</p>
      ) : members.data.length === 0 ? (
        <p className={styles.muted}>Nobody yet: invite the first publisher.</p>
      ) : (
        <ul className={styles.members}>
          {members.data.map((m) => (
            <li key={m.email}>
              <span>
                <strong>{m.name || m.email}</strong>
                {m.name ? <span className={styles.muted}> · {m.email}</span> : null}
              </span>
              <span className={styles.muted}>{m.role}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
