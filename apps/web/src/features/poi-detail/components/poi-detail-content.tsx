import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  challengeActive,
  initialPoiDetailTab,
  poiDetailTabs,
  seasonNotice,
  seasonNoticeText,
  type Poi,
  type PoiDetailTab,
} from '@earshot/core';
import { useGuideAnswers } from '../../../shared/answers/use-answers';
import { useVisit } from '../../../shared/visit/store';
import { useVisitDay } from '../../../shared/visit/use-guide';
import { Spinner } from '../../../shared/ui/spinner';
import { CloseIcon } from '../../../shared/ui/icons';
import { KeypadCode } from './keypad-code';
import { PoiChallenge } from './poi-challenge';
import { PoiDescription } from './poi-description';
import { PoiDirections } from './poi-directions';
import { PoiShareButton } from './poi-share-button';
import { PoiTranscript } from './poi-transcript';
import { picture } from '../../../shared/lib/responsive-image';
import styles from './poi-detail-content.module.css';

// The lightbox is the heaviest part of the detail: it loads when the Gallery tab first opens.
const PoiGallery = lazy(() => import('./poi-gallery'));

const tabLabels: Record<PoiDetailTab, string> = {
  description: 'Description',
  gallery: 'Gallery',
  challenge: 'Challenge',
  transcript: 'Transcript',
  directions: 'Directions',
};

type Props = {
  poi: Poi;
  /** 'modal': in the detail dialog (with Close); 'full': the POI's own page (no Close). */
  mode: 'modal' | 'full';
  onClose?: () => void;
  /** Extra actions beside Share (the full page's 'visit full guide'). */
  actions?: ReactNode;
};

/** The POI detail shared by the dialog and the full page: picture, code, title and tabs. */
export function PoiDetailContent({ poi, mode, onClose, actions }: Props) {
  const requested = useVisit((s) => s.detailTab);
  const tabs = poiDetailTabs(poi);
  // SPEC §4: the challenge tab while the user has no answer to it (a visitor has none).
  const { answers, signedIn, loading } = useGuideAnswers(poi.guide_token);
  const active = poi.challenge == null || challengeActive(poi.challenge, answers, signedIn);
  const [tab, setTab] = useState<PoiDetailTab>(() => initialPoiDetailTab(poi, active, requested));
  const [asked, setAsked] = useState(requested);
  if (asked !== requested) {
    // The player's transcript link asks for a tab while the detail is already open.
    setAsked(requested);
    if (requested && tabs.includes(requested)) setTab(requested);
  }
  // Opened before the user's answers arrived: the tab follows them once, unless the visitor
  // has picked one meanwhile (an answer given here later does not move them off the tab).
  const [decided, setDecided] = useState(!loading);
  if (!decided && !loading) {
    setDecided(true);
    setTab(initialPoiDetailTab(poi, active, requested));
  }
  const tabsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On the full page the tabs may be far below: show the one the player asked for.
    if (requested && mode === 'full') tabsRef.current?.scrollIntoView({ block: 'start' });
  }, [requested, mode]);
  // Seasons (docs/guide-bundle.md): what the stop's dates mean today, a sign's link included.
  const notice = seasonNotice(poi, useVisitDay());
  const image = poi.image_urls[0];
  const Heading = mode === 'modal' ? Dialog.Title : 'h1';
  return (
    <article className={styles.detail} data-mode={mode}>
      <div className={styles.hero}>
        {image ? (
          <img
            className={styles.heroImage}
            {...picture(image, 'detail')}
            alt={poi.image_alts[0]?.trim() || poi.title}
          />
        ) : (
          <div className={styles.heroBlank} />
        )}
        <KeypadCode code={poi.keypad_code} color={poi.color} className={styles.heroCode} />
      </div>
      <div className={styles.head}>
        <Heading className={styles.title}>{poi.title}</Heading>
        {poi.subtitle && <p className={styles.subtitle}>{poi.subtitle}</p>}
        {notice && (
          <p className={styles.season} data-season={notice.kind}>
            {seasonNoticeText(notice)}
          </p>
        )}
        <div className={styles.actions}>
          {actions}
          <PoiShareButton poi={poi} />
        </div>
      </div>
      <Tabs.Root
        ref={tabsRef}
        className={styles.tabs}
        value={tab}
        onValueChange={(v) => {
          setTab(v as PoiDetailTab);
          setDecided(true);
          // The pictures need the room the hero takes: bring the tabs up to the top.
          // After the click's own focus, which would stop a smooth scroll already under way.
          if (v === 'gallery')
            setTimeout(() =>
              tabsRef.current?.scrollIntoView({
                block: 'start',
                behavior: matchMedia('(prefers-reduced-motion: reduce)').matches
                  ? 'auto'
                  : 'smooth',
              }),
            );
        }}
      >
        <div className={styles.tabRow}>
          <div className={styles.tabScroller}>
            <Tabs.List className={styles.tabList} aria-label={`About ${poi.title}`}>
              {tabs.map((t) => (
                <Tabs.Trigger key={t} value={t} className={styles.tab}>
                  {tabLabels[t]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {mode === 'modal' && onClose && (
              <button type="button" className={styles.closeTab} onClick={onClose}>
                <CloseIcon size={16} />
                Close
              </button>
            )}
          </div>
        </div>
        <Tabs.Content value="description" className={styles.panel}>
          <PoiDescription html={poi.description} />
        </Tabs.Content>
        <Tabs.Content value="gallery" className={`${styles.panel} ${styles.galleryPanel}`}>
          <Suspense fallback={<Spinner label="Loading the pictures" />}>
            <PoiGallery images={poi.image_urls} alts={poi.image_alts} title={poi.title} />
          </Suspense>
        </Tabs.Content>
        {tabs.includes('challenge') && (
          <Tabs.Content value="challenge" className={styles.panel}>
            {/* Below the page's h1 on the full page, below the dialog's h2 title in the modal. */}
            <PoiChallenge poiId={poi.id} level={mode === 'full' ? 2 : 3} />
          </Tabs.Content>
        )}
        {tabs.includes('transcript') && (
          <Tabs.Content value="transcript" className={styles.panel}>
            <PoiTranscript transcript={poi.transcript} language={poi.language ?? null} />
          </Tabs.Content>
        )}
        {tabs.includes('directions') && (
          <Tabs.Content value="directions" className={styles.panel}>
            <PoiDirections lat={poi.lat} lng={poi.lng} title={poi.title} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </article>
  );
}
