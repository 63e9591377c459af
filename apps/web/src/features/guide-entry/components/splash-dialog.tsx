import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  SPLASH_DISMISSIBLE_MS,
  SPLASH_DISMISSIBLE_ON_ERROR_MS,
  SPLASH_FORCED_HIDE_MS,
  type GuideDetail,
} from '@earshot/core';
import { picture } from '../../../shared/lib/responsive-image';
import { afterPaint } from '../../../shared/lib/use-stages';
import { dropShellSplash } from '../../../shared/lib/shell-splash';
import { HeadphonesIcon } from '../../../shared/ui/icons';
import styles from './splash-dialog.module.css';

/** What the splash shows of a guide (a guide's detail, or the /splash_test page's own). */
export type SplashGuide = Pick<GuideDetail, 'title' | 'splash_url' | 'images'> & {
  city: Pick<GuideDetail['city'], 'name' | 'state'>;
};

type Props = {
  guide: SplashGuide;
  onEnter: () => void;
  /** How long it stays before hiding by itself: 60 s, held 50 s on /splash_test (SPEC §9). */
  holdMs?: number;
};

/**
 * SPEC §2 splash dialog: the guide's title and image with a 'Tap to Enter' prompt. It can be
 * dismissed after 1000 ms (4000 ms when the image fails, so the visitor sees why it is plain)
 * and hides by itself after 60 s.
 */
export function SplashDialog({ guide, onEnter, holdMs = SPLASH_FORCED_HIDE_MS }: Props) {
  const image = guide.splash_url ?? guide.images[0] ?? null;
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  // Counted from when the splash opened: a new `onEnter` from a parent's re-render must not
  // start the 60 s again.
  const enterRef = useRef(onEnter);
  useEffect(() => {
    enterRef.current = onEnter;
  }, [onEnter]);
  useEffect(() => {
    const t = setTimeout(() => enterRef.current(), holdMs);
    return () => clearTimeout(t);
  }, [holdMs]);
  // Rendered in place, its content is on screen with the dialog: the dismiss delay counts from
  // then (again from a failed picture, with its longer delay), and the page's own splash
  // (SplashShell) goes in that frame.
  const readyMs = failed ? SPLASH_DISMISSIBLE_ON_ERROR_MS : SPLASH_DISMISSIBLE_MS;
  useEffect(() => {
    const t = setTimeout(() => setReady(true), readyMs);
    return () => clearTimeout(t);
  }, [readyMs]);
  useLayoutEffect(() => dropShellSplash(), []);
  const enter = () => ready && onEnter();
  // Focus goes to 'Tap to Enter' once the splash has been laid out and painted: focusing it in
  // the commit that inserted it (Radix's default) forced that layout inside the commit's task.
  // (Gone by then, it focuses nothing.)
  const button = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && enter()}>
      {/* In place, not in a portal: Radix's portal mounts its content in a second, synchronous
          render inside the commit of the first (one long task as the guide opens:
          bench/results/2026-11-25-guide-opening-long-tasks-and-splash-picture.md).
          Nothing on the guide screen makes a stacking context around it (position: fixed). */}
      <Dialog.Overlay className={styles.overlay} />
      <Dialog.Content
        className={`${styles.splash} es-splash`}
        aria-describedby={undefined}
        // A tap anywhere enters, the button's own click (mouse, Enter or Space) included.
        onClick={enter}
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          afterPaint(() => button.current?.focus());
        }}
        onPointerDownOutside={(e) => !ready && e.preventDefault()}
        onEscapeKeyDown={(e) => !ready && e.preventDefault()}
      >
        {image && !failed ? (
          // The copy the page's own splash (SplashShell) has already fetched: same srcset.
          <img
            className={styles.image}
            {...picture(image, 'splash')}
            alt=""
            onError={() => setFailed(true)}
          />
        ) : (
          <div className={styles.plain} aria-hidden="true">
            <HeadphonesIcon size={64} />
          </div>
        )}
        <div className={styles.shade} />
        <div className={styles.text}>
          <p className={styles.kicker}>
            {guide.city.name}, {guide.city.state}
          </p>
          <Dialog.Title className={styles.title}>{guide.title}</Dialog.Title>
          <button
            ref={button}
            type="button"
            className={styles.enter}
            data-ready={ready || undefined}
            aria-disabled={!ready}
          >
            Tap to Enter
          </button>
        </div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
