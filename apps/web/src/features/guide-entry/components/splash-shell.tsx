import { IMAGE_SIZES } from '@earshot/core';
import { HeadphonesIcon } from '../../../shared/ui/icons';
import { SHELL_SPLASH_ID } from '../../../shared/lib/shell-splash';
import styles from './splash-dialog.module.css';

/**
 * What the server puts in place of these (escaped): the guide's city, its picture's URL and
 * the picture's right-sized WebP copies (empty for a picture that has none).
 */
export const SPLASH_PLACE = '%%EARSHOT_SPLASH_PLACE%%';
export const SPLASH_IMAGE = '%%EARSHOT_SPLASH_IMAGE%%';
export const SPLASH_SRCSET = '%%EARSHOT_SPLASH_SRCSET%%';

/**
 * The splash as the guide page's HTML carries it (scripts/prerender.ts renders it at build
 * time, the server fills in the guide's place and picture): it paints with the page, before
 * any script has run, instead of after the app, its data and its first render. It looks as
 * the app's splash (SplashDialog) does before it can be dismissed, and the app removes it in
 * the frame its own splash appears (or when the screen shows none). Until then it is a
 * picture: hidden from assistive technology, which meanwhile reads the page's loading state.
 */
export function SplashShell({ title, image }: { title: string; image: boolean }) {
  return (
    <div id={SHELL_SPLASH_ID} className={styles.shell} aria-hidden="true">
      <div className={styles.overlay} />
      <div className={styles.splash}>
        {image ? (
          // The same srcset and sizes as the app's splash and the page's preload: one copy
          // fetched, the one both show.
          <img
            className={styles.image}
            src={SPLASH_IMAGE}
            srcSet={SPLASH_SRCSET}
            sizes={IMAGE_SIZES.splash}
            alt=""
          />
        ) : (
          <div className={styles.plain}>
            <HeadphonesIcon size={64} />
          </div>
        )}
        <div className={styles.shade} />
        <div className={styles.text}>
          <p className={styles.kicker}>{SPLASH_PLACE}</p>
          <h2 className={styles.title}>{title}</h2>
          <span className={styles.enter}>Tap to Enter</span>
        </div>
      </div>
    </div>
  );
}
