import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../shared/lib/page-title';
import { useVisit } from '../../../shared/visit/store';
import { useGuide, useVisitPois } from '../../../shared/visit/use-guide';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PinIcon } from '../../../shared/ui/icons';
import buttons from '../../../shared/ui/button.module.css';
import { ArrowLeftIcon } from './icons';
import { PoiDetailContent } from './poi-detail-content';
import styles from './poi-full-page.module.css';

/**
 * /guide/{token}/{poiToken} (SPEC §2 poi-detail): a direct link to one stop. Entering selects
 * the stop (which loads its audio in the player and tracks a direct visit) and shows its
 * detail as a page with a 'visit full guide' button and no Close.
 */
export function PoiFullPage() {
  const poiToken = useParams().poiToken ?? '';
  const guide = useGuide();
  const poi = useVisitPois().all.find((p) => p.token === poiToken) ?? null;
  const selectPoi = useVisit((s) => s.selectPoi);
  const closeDetail = useVisit((s) => s.closeDetail);
  const found = poi !== null;
  // One direct visit per link followed (React's development double effects included).
  const entered = useRef<string | null>(null);
  useEffect(() => {
    if (!found || entered.current === poiToken) return;
    entered.current = poiToken;
    selectPoi(poiToken, 'link');
  }, [found, poiToken, selectPoi]);
  // The page is the detail: leaving it for the guide home must not open the detail there.
  useEffect(() => closeDetail, [closeDetail]);
  usePageTitle(poi ? poi.title : 'Page not found');
  const guideHref = `/guide/${encodeURIComponent(guide.token)}`;

  if (!poi)
    return (
      <EmptyState
        icon={<PinIcon size={36} />}
        title="We couldn’t find that stop"
        action={
          <Link className={buttons.button} to={guideHref}>
            Open {guide.title}
          </Link>
        }
      >
        <p>This guide has no stop at this address. It may have been renamed or removed.</p>
      </EmptyState>
    );

  const visitGuide = (
    <Link className={`${buttons.button} ${styles.visit}`} to={guideHref}>
      <ArrowLeftIcon size={18} />
      <span className={styles.visitLabel}>visit full guide</span>
    </Link>
  );
  return (
    <div className={styles.page}>
      <p className={styles.guideName}>
        <Link to={guideHref}>{guide.title}</Link>
      </p>
      <div className={styles.sheet}>
        <PoiDetailContent key={poi.token} poi={poi} mode="full" actions={visitGuide} />
      </div>
    </div>
  );
}
