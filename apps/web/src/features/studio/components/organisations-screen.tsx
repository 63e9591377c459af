import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { TextField } from '../../../shared/ui/text-field';
import { createOrganisation, studioKeys } from '../api/studio-api';
import type { StudioMe } from '@earshot/core';
import type { StudioOrg } from './use-studio-me';
import { OrganisationMembers } from './organisation-members';
import styles from './studio.module.css';

/**
 * /studio/organisations (admins): create organisations, invite their publishers by e-mail and
 * see who belongs to each.
 */
export function OrganisationsScreen({
  me,
  organisations,
}: {
  me: StudioMe;
  organisations: StudioOrg[];
}) {
  const [selected, setSelected] = useState<number | null>(null);
  const current = organisations.find((o) => o.id === selected) ?? organisations[0];
  if (!me.admin)
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>Organisations</h1>
        <EmptyState title="Only admins manage organisations">
          Ask an admin of Earshot to create an organisation or invite a publisher.{' '}
          <Link to="/studio">Back to the studio</Link>
        </EmptyState>
      </div>
    );
  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <div>
          <h1 className={styles.title}>Organisations</h1>
          <p className={styles.lead}>
            Each organisation owns its guides. Invite its publishers by e-mail.
          </p>
        </div>
        <Link className={styles.secondary} to="/studio">
          Back to the guides
        </Link>
      </div>
      <div className={styles.grid}>
        <div className={styles.inline}>
          {organisations.length > 0 && (
            <ul className={styles.orgList} aria-label="Organisations">
              {organisations.map((o) => (
                <li key={o.id}>
                  <button
                    type="button"
                    className={styles.orgButton}
                    aria-current={o.id === current?.id}
                    onClick={() => setSelected(o.id)}
                  >
                    {o.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <NewOrganisation onCreated={setSelected} />
        </div>
        {current ? (
          <OrganisationMembers key={current.id} organisation={current} />
        ) : (
          <EmptyState title="No organisations yet">
            Create the first one: its publishers can then be invited.
          </EmptyState>
        )}
      </div>
    </div>
  );
}

function NewOrganisation({ onCreated }: { onCreated: (id: number) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Enter the organisation’s name.');
    setBusy(true);
    setError(null);
    try {
      const made = (await createOrganisation(name.trim())) as { id?: number } | null;
      setName('');
      await queryClient.invalidateQueries({ queryKey: studioKeys.all });
      if (typeof made?.id === 'number') onCreated(made.id);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.card} onSubmit={(e) => void submit(e)} noValidate>
      <h2 className={styles.cardTitle}>New organisation</h2>
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
      />
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? 'Creating…' : 'Create organisation'}
      </button>
    </form>
  );
}
