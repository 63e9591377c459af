/** The registration, once asked for (null where there is no service worker or it failed). */
let registration: Promise<ServiceWorkerRegistration | null> | undefined;

/**
 * Registers the service worker (src/sw/sw.ts) in built apps, once. A new version takes over
 * at once and clears the old static cache; the page then reloads (SPEC §4) — but never while
 * a stop is playing: it waits for the audio to pause or end.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (registration) return registration;
  if (!import.meta.env.PROD || !('serviceWorker' in navigator))
    return (registration = Promise.resolve(null));
  // The first install also takes control of the page: that is no update.
  let updating = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (updating) reloadWhenQuiet();
    updating = true;
  });
  registration = navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((e: unknown) => {
    console.warn('The service worker did not register; offline use is off.', e);
    return null;
  });
  return registration;
}

function reloadWhenQuiet() {
  const audio = [...document.querySelectorAll('audio')].find((a) => !a.paused && !a.ended);
  if (!audio) return window.location.reload();
  const go = () => window.location.reload();
  audio.addEventListener('pause', go, { once: true });
  audio.addEventListener('ended', go, { once: true });
}

/**
 * Resolves true once a service worker controls the app's pages (so a saved guide opens
 * offline), false where there is none (a development build, no support, a failed
 * registration) or it is not active within `timeoutMs` (offline during its first install).
 */
export async function offlineReady(timeoutMs = 15_000): Promise<boolean> {
  if (!(await registerServiceWorker())) return false;
  const ready = navigator.serviceWorker.ready.then(() => true);
  const late = new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs));
  return Promise.race([ready, late]);
}
