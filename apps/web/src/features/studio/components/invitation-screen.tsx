import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Invitation } from '@earshot/core';
import { ApiError } from '../../../shared/api/client';
import { isSignedIn, useAuthStore } from '../../../shared/auth/store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { MailIcon } from '../../../shared/ui/icons';
import { Spinner } from '../../../shared/ui/spinner';
import { acceptInvitation, invitationQueryOptions, studioKeys } from '../api/studio-api';
import { formatWhen } from '../lib/format';
import { ConfirmAddress } from './confirm-address';
import styles from './studio.module.css';

const organisationName = (i: Invitation) => i.organisation.name || 'an organisation';

/**
 * /studio/invitations/:token: what the invitation is for, and accepting it once signed in with
 * a proved address (docs/studio.md, Roles): confirmed by a mailed link when the server sends
 * mail, or by an admin afterwards when it does not.
 */
export function InvitationScreen({ token }: { token: string }) {
  const signedIn = useAuthStore(isSignedIn);
  const openSignIn = useAuthStore((s) => s.openSignIn);
  const invitation = useQuery({ ...invitationQueryOptions(token), enabled: signedIn });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The confirmation link comes back here with ?error=… when it did not work.
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // Said to screen readers when the page changes under them (accepted, waiting).
  const [announced, setAnnounced] = useState('');

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

  const data = invitation.data;
  const name = organisationName(data);
  const status = data.status ?? 'ready';
  const accept = async () => {
    setBusy(true);
    setError('');
    try {
      const answer = await acceptInvitation(token);
      await queryClient.invalidateQueries({ queryKey: studioKeys.all });
      if (answer.status === 'pending') {
        setAnnounced(`You accepted. An admin of Earshot confirms you before you can publish.`);
        setBusy(false);
        return;
      }
      void navigate('/studio');
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
      // The server asks for a proved address: the page shows how (status verify_email).
      if (e instanceof ApiError && e.status === 403) void invitation.refetch();
    }
  };
  const invitedText = (
    <>
      {data.invited_by ?? 'An admin of Earshot'} invited {data.email ?? 'you'} to write and publish
      this organisation’s guides in the Earshot studio.
      {data.expires_at && status !== 'waiting' && (
        <> The invitation works until {formatWhen(data.expires_at)}.</>
      )}
    </>
  );

  let body;
  if (status === 'waiting')
    body = (
      <EmptyState
        icon={<MailIcon size={32} />}
        title="Waiting for an admin to confirm you"
        action={
          <Link className={styles.secondary} to="/studio">
            Open the studio
          </Link>
        }
      >
        You accepted the invitation to join {name}. This server cannot check e-mail addresses, so an
        admin of Earshot confirms each new publisher: you can write and publish {name}’s guides once
        they have. There is nothing more to do here.
      </EmptyState>
    );
  else if (status === 'verify_email')
    body = (
      <EmptyState
        icon={<MailIcon size={32} />}
        title={`Join ${name}`}
        action={
          <ConfirmAddress
            token={token}
            linkFailed={params.has('error')}
            check={async () => {
              const confirmed = (await invitation.refetch()).data?.status !== 'verify_email';
              if (confirmed) setAnnounced('Your e-mail address is confirmed: you can accept now.');
              return confirmed;
            }}
          />
        }
      >
        {invitedText}
        <p className={styles.stepNote}>
          First confirm that {data.email ?? 'this address'} is yours: we e-mail it a link, you open
          it, and it brings you back here to accept.
        </p>
      </EmptyState>
    );
  else
    body = (
      <EmptyState
        icon={<MailIcon size={32} />}
        title={`Join ${name}`}
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
        {invitedText}
        {status === 'ready' && params.get('address') === 'confirmed' && !params.has('error') && (
          <p className={styles.stepNote}>Your e-mail address is confirmed: you can accept.</p>
        )}
        {status === 'admin_confirms' && (
          <p className={styles.stepNote}>
            This server cannot check e-mail addresses: once you accept, an admin of Earshot confirms
            you, and then you can publish.
          </p>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </EmptyState>
    );
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Invitation</h1>
      <p className="visually-hidden" role="status">
        {announced}
      </p>
      {body}
    </div>
  );
}
