import { useEffect, useMemo, useRef, useState } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Fullscreen from 'yet-another-react-lightbox/plugins/fullscreen';
import Inline from 'yet-another-react-lightbox/plugins/inline';
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import 'yet-another-react-lightbox/plugins/thumbnails.css';
import { galleryAlt } from '@earshot/core';
import { ExpandIcon } from '../../../shared/ui/icons';
import { useGalleryLightbox } from '../store';
import { lightboxSrcSet, thumbnailUrl } from '../../../shared/lib/responsive-image';
import styles from './poi-gallery.module.css';

const labels = (title: string) => ({
  'Photo gallery': `Pictures of ${title}`,
  Previous: 'Previous picture',
  Next: 'Next picture',
  Close: 'Close the pictures',
  Lightbox: `Pictures of ${title}, full screen`,
  '{index} of {total}': 'Picture {index} of {total}',
});

/**
 * SPEC §2: the gallery is a swipeable, infinite carousel with fullscreen and thumbnails. The
 * strip in the detail is the lightbox's inline mode; a tap (or the expand button) opens the
 * same pictures over the whole screen, where the browser's fullscreen is one more tap away.
 */
export default function PoiGallery({
  images,
  alts,
  title,
}: {
  images: string[];
  /** The publisher's alt text of each picture ('' where none). */
  alts: string[];
  title: string;
}) {
  const [index, setIndex] = useState(0);
  const open = useGalleryLightbox((s) => s.open);
  const setOpen = useGalleryLightbox((s) => s.setOpen);
  // Inside a modal dialog the lightbox must live in the dialog, or the dialog's focus trap and
  // pointer lock would make it unusable.
  const portalRoot = useRef<HTMLDivElement>(null);
  const slides = useMemo(
    () =>
      images.map((src, i) => ({
        src,
        srcSet: lightboxSrcSet(src),
        alt: galleryAlt(title, i, images.length, alts[i]),
        thumbnail: thumbnailUrl(src),
      })),
    [images, alts, title],
  );
  useEffect(() => () => setOpen(false), [setOpen]);

  if (!images.length) return <p className={styles.empty}>No pictures of this stop yet.</p>;
  const many = images.length > 1;
  return (
    <div className={styles.gallery}>
      <Lightbox
        index={index}
        slides={slides}
        labels={labels(title)}
        plugins={many ? [Inline, Thumbnails, Counter] : [Inline]}
        on={{ view: ({ index: i }) => setIndex(i), click: () => setOpen(true) }}
        carousel={{ finite: !many, padding: 0, spacing: '8%', imageFit: 'cover' }}
        thumbnails={{ width: 72, height: 52, border: 0, borderRadius: 8, padding: 0, gap: 8 }}
        toolbar={{
          buttons: [
            <button
              key="expand"
              type="button"
              className={`yarl__button ${styles.expand}`}
              aria-label="View the pictures full screen"
              onClick={() => setOpen(true)}
            >
              <ExpandIcon size={22} />
            </button>,
          ],
        }}
        render={many ? undefined : { buttonPrev: () => null, buttonNext: () => null }}
        inline={{ className: styles.inline }}
      />
      <div ref={portalRoot} />
      <Lightbox
        open={open}
        close={() => setOpen(false)}
        index={index}
        slides={slides}
        labels={labels(title)}
        plugins={many ? [Fullscreen, Thumbnails, Counter] : [Fullscreen]}
        on={{ view: ({ index: i }) => setIndex(i) }}
        carousel={{ finite: !many }}
        portal={{ root: () => portalRoot.current }}
        render={many ? undefined : { buttonPrev: () => null, buttonNext: () => null }}
        thumbnails={{ width: 96, height: 64, borderRadius: 8, gap: 12 }}
      />
    </div>
  );
}
