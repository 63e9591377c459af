import type { ReactNode } from 'react';
import { useGuide } from '../../shared/visit/use-guide';
import { useVisit } from '../../shared/visit/store';
import { ListIcon, MapIcon, ShareIcon } from '../../shared/ui/icons';
import styles from './guide-toolbar.module.css';

/** Above the map: the POI search, the map/list switch and sharing the guide. */
export function GuideToolbar({ search }: { search: ReactNode }) {
  const guide = useGuide();
  const view = useVisit((s) => s.view);
  const setView = useVisit((s) => s.setView);
  const openShare = useVisit((s) => s.openShare);
  const share = () =>
    openShare({
      url: `${window.location.origin}/guide/${encodeURIComponent(guide.token)}`,
      title: guide.title,
      text: guide.photo_share_text ?? undefined,
      image: guide.images[0] ?? guide.splash_url,
    });
  return (
    <div className={styles.toolbar}>
      <div className={styles.search}>{search}</div>
      <div className={styles.views} role="group" aria-label="Show the stops">
        <button
          type="button"
          className={styles.view}
          aria-pressed={view === 'carousel'}
          onClick={() => setView('carousel')}
        >
          <MapIcon size={18} />
          <span>Map</span>
        </button>
        <button
          type="button"
          className={styles.view}
          aria-pressed={view === 'list'}
          onClick={() => setView('list')}
        >
          <ListIcon size={18} />
          <span>List</span>
        </button>
      </div>
      <button type="button" className={styles.share} aria-label="Share this guide" onClick={share}>
        <ShareIcon size={20} />
      </button>
    </div>
  );
}
