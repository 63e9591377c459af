import { useLayoutEffect, useMemo } from 'react';
import DOMPurify from 'dompurify';
import {
  dayIn,
  formatDay,
  seasonalStops,
  studioMediaUrl as mediaUrl,
  type GuideBundleInput,
  type ThemeData,
} from '@earshot/core';
import { applyTheme, type ThemeScope } from '../../../shared/theme/apply-theme';
import { GuideFacts } from '../../../shared/ui/guide-facts';
import styles from './phone-preview.module.css';

/** The guide's theme reaches the preview's screen only, in the app's light or dark mode. */
const PREVIEW_SCOPE: ThemeScope = {
  light: ":root:not([data-theme='dark']) [data-studio-preview]",
  dark: ":root[data-theme='dark'] [data-studio-preview]",
  classes: '[data-studio-preview]',
};

/**
 * What the visitor will see, live as the publisher types: the guide's card and opening
 * (splash, title, place, facts, description) and its stops' cards in the first language. The
 * real app at the preview link is the exact view; this is the at-a-glance one.
 */
export function PhonePreview({
  draft,
  day = null,
}: {
  draft: GuideBundleInput;
  /** The day to show the guide on (Seasons); null: today in the guide's time zone. */
  day?: string | null;
}) {
  const { guide } = draft;
  const theme = guide.theme;
  // Through the app's own theme code (checked again, values set by the CSSOM), as the guide
  // screen applies it.
  useLayoutEffect(() => {
    if (!theme) return;
    return applyTheme({ colors: {}, classes: {}, ...theme } as ThemeData, PREVIEW_SCOPE).remove;
  }, [theme]);
  const shownDay = day ?? dayIn(new Date(), guide.time_zone);
  const pois = useMemo(
    () => seasonalStops(draft.pois ?? [], shownDay, guide.outside_dates ?? 'hide'),
    [draft.pois, shownDay, guide.outside_dates],
  );
  const lang = guide.languages?.[0]?.code;
  const description = useMemo(
    () => DOMPurify.sanitize(guide.description ?? ''),
    [guide.description],
  );
  const center = useMemo(() => {
    const placed = pois.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng));
    if (placed.length === 0) return null;
    const sum = placed.reduce((s, p) => ({ lat: s.lat + p.lat, lng: s.lng + p.lng }), {
      lat: 0,
      lng: 0,
    });
    return { lat: sum.lat / placed.length, lng: sum.lng / placed.length };
  }, [pois]);
  // The phone frame is ~320 CSS px wide: 800 px covers it at 2.5x.
  const splash = mediaUrl(guide.splash ?? guide.images?.[0], 800);
  return (
    <figure className={styles.phone} aria-labelledby="phone-preview-caption">
      <figcaption id="phone-preview-caption" className={styles.caption}>
        What visitors see{day ? ` on ${formatDay(day)}` : ''}
      </figcaption>
      <div className={styles.screen} data-studio-preview="">
        <div className={`${styles.bar} es-header`}>{guide.title || 'Untitled guide'}</div>
        {/* Scrolled by keyboard too (a long guide's stops run past the frame). */}
        <div
          className={styles.scroll}
          tabIndex={0}
          role="region"
          aria-label="The guide as visitors see it"
        >
          <div className={styles.hero}>
            {splash ? <img src={splash} alt="" className={styles.heroImage} /> : null}
            <div className={styles.heroText}>
              <p className={styles.place}>
                {[guide.city.name, guide.city.state].filter(Boolean).join(', ')}
              </p>
              <p className={styles.title}>{guide.title || 'Untitled guide'}</p>
            </div>
          </div>
          <div className={styles.body}>
            <GuideFacts count={pois.length} center={center} />
            {description ? (
              <div
                className={styles.description}
                dangerouslySetInnerHTML={{ __html: description }}
              />
            ) : (
              <p className={styles.empty}>The description appears here.</p>
            )}
            {(guide.languages?.length ?? 0) > 1 && (
              <p className={styles.languages}>
                {guide.languages!.map((l) => l.label || l.code).join(' · ')}
              </p>
            )}
            <p className={styles.stopsTitle}>Stops</p>
            {pois.length === 0 ? (
              <p className={styles.empty}>No stops yet: place them on the map.</p>
            ) : (
              <ol className={styles.stops}>
                {pois.slice(0, 8).map((p, i) => {
                  const text = (lang && p.content[lang]) || Object.values(p.content)[0];
                  const image = mediaUrl(p.images?.[0], 224);
                  return (
                    <li key={`${p.token}-${i}`} className={`${styles.stop} es-card`}>
                      {image ? (
                        <img src={image} alt="" className={styles.stopImage} />
                      ) : (
                        <span className={styles.stopNumber} aria-hidden="true">
                          {p.keypad_code ?? i + 1}
                        </span>
                      )}
                      <span className={styles.stopText}>
                        <span className={`${styles.stopTitle} es-card-title`}>
                          {text?.title || 'Untitled stop'}
                        </span>
                        {text?.subtitle ? (
                          <span className={styles.stopSubtitle}>{text.subtitle}</span>
                        ) : null}
                      </span>
                    </li>
                  );
                })}
              </ol>
            )}
          </div>
        </div>
      </div>
    </figure>
  );
}
