import type { Poi } from '@earshot/core';
import { useVisit } from '../../../shared/visit/store';
import { ShareIcon } from '../../../shared/ui/icons';
import styles from './poi-detail-content.module.css';

/** Shares the POI's own link (/guide/{token}/{poiToken}) through the Sharing dialog. */
export function PoiShareButton({ poi }: { poi: Poi }) {
  const guideToken = useVisit((s) => s.guideToken);
  const openShare = useVisit((s) => s.openShare);
  const origin = window.location.origin;
  const image = poi.image_urls[0];
  const share = () =>
    openShare({
      url: `${origin}/guide/${encodeURIComponent(guideToken ?? poi.guide_token)}/${encodeURIComponent(poi.token)}`,
      title: poi.title,
      // Share images must be http(s) URLs (SPEC §5): media paths are relative to this site.
      image: image ? new URL(image, origin).href : null,
    });
  return (
    <button type="button" className={styles.share} onClick={share}>
      <ShareIcon size={18} />
      Share
    </button>
  );
}
