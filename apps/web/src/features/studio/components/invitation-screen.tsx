import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/client';
import { useNavigate } from 'react-router';
import { isSignedIn, useAuthStore } from '../../../shared/auth/store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { MailIcon } from '../../../shared/ui/icons';
import { Spinner } from '../../../shared/ui/spinner';
import { acceptInvitation, invitationQueryOptions, studioKeys } from '../api/studio-api';
import type { Invitation } from '../api/schemas';
import { formatWhen } from '../lib/format';
import styles from './studio.module.css';

const organisationName = (i: Invitation) =>
  i.organisation_name ??
  (typeof i.organisation === 'string' ? i.organisation : i.organisation?.name) ??
  'an organisation';

/** /studio/invitations/:token: what the invitation is for, and accepting it once signed in. */
export function InvitationScreen({ token }: { token: string }) {
  const signedIn = useAuthStore(isSignedIn);
  const openSignIn = useAuthStore((s) => s.openSignIn);
  const invitation = useQuery({ ...invitationQueryOptions(token), enabled: signedIn });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  if (!signedIn)
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Invitation</h1>
        <EmptyState
          icon={<MailIcon size={32} />}
          title="Sign in to accept the invitation"
          action={
            <button type="button" className={styles.primary} onClick={() => openSignIn('register')}>
              Sign in or register
            </button>
          }
        >
          Use the e-mail address the invitation was sent to. New to Earshot? Register with it.
        </EmptyState>
      </div>
    );
  if (invitation.isPending) return <Spinner label="Loading the invitation" />;
  if (invitation.error)
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Invitation</h1>
        <EmptyState title="This invitation cannot be used">
          {/* The server says why (used, expired, another address: docs/studio.md "Roles"). */}
          {invitation.error instanceof ApiError && invitation.error.status >= 400
            ? invitation.error.message
            : 'It may have expired or been used already. Ask the admin who invited you for a new one.'}
        </EmptyState>
      </div>
    );
  const accept = async () => {
    setBusy(true);
    setError('');
    try {
      await acceptInvitation(token);
      await queryClient.invalidateQueries({ queryKey: studioKeys.all });
      void navigate('/studio');
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Invitation</h1>
      <EmptyState
        icon={<MailIcon size={32} />}
        title={`Join ${organisationName(invitation.data)}`}
        action={
          <button
            type="button"
            className={styles.primary}
            onClick={() => void accept()}
            disabled={busy}
          >
            {busy ? 'Joining…' : 'Accept the invitation'}
          </button>
        }
      >
        {invitation.data.invited_by ?? 'An admin of Earshot'} invited{' '}
        {invitation.data.email ?? 'you'} to write and publish this organisation’s guides in the
        Earshot studio.
        {invitation.data.expires_at && (
          <> The invitation works until {formatWhen(invitation.data.expires_at)}.</>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </EmptyState>
    </div>
  );
}
