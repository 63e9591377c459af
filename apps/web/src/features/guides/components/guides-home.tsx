import { useTours } from '../api/get-tours';
import { Spinner } from '../../../shared/ui/spinner';
import { EmptyState } from '../../../shared/ui/empty-state';
import { HeadphonesIcon, PinIcon } from '../../../shared/ui/icons';
import buttons from '../../../shared/ui/button.module.css';
import { GuideList } from './guide-list';
import styles from './guides-home.module.css';

/** Home: a loading spinner, then the guides (or an error with Retry, or an empty state). */
export function GuidesHome() {
  const tours = useTours();
  const cities = new Set(tours.data?.map((t) => t.city.id)).size;
  return (
    <>
      <section className={styles.hero}>
        <h1 className={styles.heading}>Audio walks through art and history</h1>
        <p className={styles.sub}>
          {tours.data
            ? `${tours.data.length} guides in ${cities} cities. Put your headphones in and go.`
            : 'Put your headphones in and go.'}
        </p>
      </section>
      {tours.isPending ? (
        <Spinner label="Loading guides" />
      ) : tours.isError ? (
        <EmptyState
          icon={<PinIcon size={36} />}
          title="Guides could not be loaded"
          action={
            <button type="button" className={buttons.button} onClick={() => void tours.refetch()}>
              Retry
            </button>
          }
        >
          <p>{tours.error.message}</p>
        </EmptyState>
      ) : tours.data.length === 0 ? (
        <EmptyState icon={<HeadphonesIcon size={36} />} title="No guides yet">
          <p>When a guide is published it will appear here.</p>
        </EmptyState>
      ) : (
        <GuideList guides={tours.data} />
      )}
    </>
  );
}
