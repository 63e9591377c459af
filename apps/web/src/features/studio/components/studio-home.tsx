import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';
import { HeadphonesIcon } from '../../../shared/ui/icons';
import { guidesQueryOptions } from '../api/studio-api';
import type { StudioMe } from '@earshot/core';
import type { StudioOrg } from './use-studio-me';
import { GuideRow } from './guide-row';
import { CreateGuideDialog } from './create-guide-dialog';
import { ImportDialog } from './import-dialog';
import styles from './studio.module.css';

/**
 * /studio: the organisation's guides with their status, last edit and who made it; create a
 * guide, import a bundle, export one. A user in several organisations (or an admin) picks
 * which one the list shows; the choice is in the URL.
 */
export function StudioHome({ me, organisations }: { me: StudioMe; organisations: StudioOrg[] }) {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('organisation'));
  const organisation = organisations.find((o) => o.id === asked) ?? organisations[0]!;
  const guides = useQuery(guidesQueryOptions(organisation.id));
  const [dialog, setDialog] = useState<'create' | 'import' | null>(null);

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <div>
          <h1 className={styles.title}>Studio</h1>
          <p className={styles.lead}>Write, preview and publish {organisation.name}’s guides.</p>
        </div>
        <div className={styles.actions}>
          {me.admin && (
            <Link className={styles.secondary} to="/studio/organisations">
              Organisations
            </Link>
          )}
          <button type="button" className={styles.secondary} onClick={() => setDialog('import')}>
            Import a bundle
          </button>
          <button type="button" className={styles.primary} onClick={() => setDialog('create')}>
            New guide
          </button>
        </div>
      </div>
      {!!me.pending?.length && (
        <p className={styles.muted}>
          Waiting for an admin to confirm you in {me.pending.map((o) => o.name).join(', ')}.
        </p>
      )}
      {organisations.length > 1 && (
        <div className={styles.switcher}>
          <label htmlFor="studio-organisation">Organisation</label>
          <select
            id="studio-organisation"
            className={styles.select}
            value={organisation.id}
            onChange={(e) => setParams({ organisation: e.target.value })}
          >
            {organisations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <section aria-labelledby="studio-guides">
        <h2 id="studio-guides" className={styles.sectionTitle}>
          Guides
        </h2>
        {guides.isPending ? (
          <Spinner label="Loading the guides" />
        ) : guides.error ? (
          <EmptyState
            title="The guides did not load"
            action={
              <button
                type="button"
                className={styles.secondary}
                onClick={() => void guides.refetch()}
              >
                Try again
              </button>
            }
          >
            {guides.error.message}
          </EmptyState>
        ) : guides.data.length === 0 ? (
          <EmptyState icon={<HeadphonesIcon size={32} />} title="No guides yet">
            Start a new guide, or import a guide bundle (.zip) made with the command line or
            exported from another studio.
          </EmptyState>
        ) : (
          <ul className={styles.guideList}>
            {guides.data.map((g) => (
              <GuideRow key={g.token} guide={g} />
            ))}
          </ul>
        )}
      </section>
      <CreateGuideDialog
        open={dialog === 'create'}
        organisationId={organisation.id}
        onClose={() => setDialog(null)}
      />
      <ImportDialog
        open={dialog === 'import'}
        organisationId={organisation.id}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
