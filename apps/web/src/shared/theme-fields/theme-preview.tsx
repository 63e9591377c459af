import { useLayoutEffect, useRef } from 'react';
import { resolveTheme, sanitizeTheme, themePalette, type ThemeData } from '@earshot/core';
import { applyTheme, type ThemeScope } from '../theme/apply-theme';
import styles from './theme-preview.module.css';

/** The preview's own box: its colours and class rules reach nothing else on the page. */
const PREVIEW_SCOPE: ThemeScope = {
  light: '[data-theme-preview]',
  dark: '[data-theme-preview]',
  classes: '[data-theme-preview]',
};

/**
 * The guide screen's main pieces (header, carousel card, map marker, footer player, a dialog)
 * with their hook classes, in the theme being edited: every colour of the chosen mode set on
 * the preview box (the app's own where the theme gives none), through the same CSSOM path
 * the guide screen uses.
 */
export function ThemePreview({ theme, mode }: { theme: ThemeData; mode: 'light' | 'dark' }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const resolved = resolveTheme(sanitizeTheme(theme).theme);
    const colors = themePalette(resolved.colors, mode);
    // Already resolved: named after no built-in, so the built-in's dark colours stay out.
    const { remove } = applyTheme(
      { name: 'preview', colors, classes: resolved.classes },
      PREVIEW_SCOPE,
    );
    return remove;
  }, [theme, mode]);
  return (
    <div
      ref={box}
      className={styles.preview}
      data-theme-preview={mode}
      role="img"
      aria-label={`Preview of the guide screen in ${mode} mode`}
    >
      <div className={`${styles.header} es-header`}>
        <span className={styles.logo} />
        <span className={styles.headerTitle}>Riverfront walk</span>
        <span className={styles.menu} />
      </div>
      <div className={styles.map}>
        <span className={`${styles.marker} es-marker`} />
        <span className={`${styles.marker} ${styles.markerSelected} es-marker`} />
        <span className={`${styles.marker} es-marker`} />
      </div>
      <div className={styles.cards}>
        <div className={`${styles.card} es-card`}>
          <span className={styles.thumb} />
          <span className={`${styles.cardTitle} es-card-title`}>The Big Pipe</span>
        </div>
        <div className={`${styles.card} es-card`}>
          <span className={styles.thumb} />
          <span className={`${styles.cardTitle} es-card-title`}>Salmon Street Springs</span>
        </div>
      </div>
      <div className={`${styles.dialog} es-dialog`}>
        <span className={styles.dialogTitle}>Start the tour?</span>
        <span className={styles.muted}>14 locations · 1.2 km away</span>
        <span className={styles.actions}>
          <span className={styles.secondary}>Not now</span>
          <span className={styles.primary}>Start</span>
        </span>
      </div>
      <div className={`${styles.player} es-player`}>
        <span className={styles.play} />
        <span className={styles.playerText}>
          <span className={styles.playerTitle}>The Big Pipe</span>
          <span className={styles.muted}>Stop 1 · 0:42 / 2:10</span>
        </span>
        <span className={styles.track}>
          <span className={styles.fill} />
        </span>
      </div>
    </div>
  );
}
