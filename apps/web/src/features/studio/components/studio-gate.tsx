import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuthStore } from '../../../shared/auth/store';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';
import { UserIcon, MailIcon } from '../../../shared/ui/icons';
import { useStudioMe, type StudioOrg } from './use-studio-me';
import type { StudioMe } from '@earshot/core';
import styles from './studio.module.css';

/**
 * What every studio screen shows before its own content: a visitor is asked to sign in, a
 * user who belongs to no organisation learns how to get in (an admin's invitation), and the
 * screen gets the user's roles and organisations.
 */
export function StudioGate({
  children,
  needsOrganisation = true,
}: {
  children: (me: StudioMe, organisations: StudioOrg[]) => ReactNode;
  /** False for screens a user without an organisation may see (accepting an invitation). */
  needsOrganisation?: boolean;
}) {
  const access = useStudioMe();
  const openSignIn = useAuthStore((s) => s.openSignIn);
  if (access.kind === 'signed-out')
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Studio</h1>
        <EmptyState
          icon={<UserIcon size={32} />}
          title="Sign in to open the studio"
          action={
            <button type="button" className={styles.primary} onClick={() => openSignIn()}>
              Sign in
            </button>
          }
        >
          The studio is where museums, cities and other publishers write their guides. Sign in with
          the account your organisation invited.
        </EmptyState>
      </div>
    );
  if (access.kind === 'loading') return <Spinner label="Loading the studio" />;
  if (access.kind === 'failed')
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Studio</h1>
        <EmptyState
          title="The studio did not load"
          action={
            <button type="button" className={styles.secondary} onClick={access.retry}>
              Try again
            </button>
          }
        >
          {access.message}
        </EmptyState>
      </div>
    );
  const { me, organisations } = access;
  const waiting = me.pending ?? [];
  if (needsOrganisation && organisations.length === 0 && waiting.length > 0)
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Studio</h1>
        <EmptyState icon={<MailIcon size={32} />} title="Waiting for an admin to confirm you">
          You accepted the invitation to join {waiting.map((o) => o.name).join(', ')}. This server
          cannot check e-mail addresses, so an admin of Earshot confirms each new publisher: the
          studio opens here once they have.
        </EmptyState>
      </div>
    );
  if (needsOrganisation && organisations.length === 0)
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Studio</h1>
        <EmptyState
          icon={<MailIcon size={32} />}
          title={me.admin ? 'Create the first organisation' : 'You are not in an organisation yet'}
          action={
            me.admin ? (
              <Link className={styles.primary} to="/studio/organisations">
                Organisations
              </Link>
            ) : undefined
          }
        >
          {me.admin
            ? 'Guides belong to an organisation. Create one, then invite its publishers.'
            : 'Guides in the studio belong to organisations. Ask an admin of Earshot for an invitation to yours: it comes by e-mail, with a link to accept it.'}
        </EmptyState>
      </div>
    );
  return <>{children(me, organisations)}</>;
}
