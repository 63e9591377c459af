/**
 * The guide page's splash as its HTML draws it (features/guide-entry/components/splash-shell).
 * Not in shell-handover.ts, which the entry imports: only the guide screen needs this.
 */
export const SHELL_SPLASH_ID = 'shell-splash';

/** Removes the page's own splash: the app's splash has replaced it, or the screen shows none. */
export function dropShellSplash(): void {
  document.getElementById(SHELL_SPLASH_ID)?.remove();
}
