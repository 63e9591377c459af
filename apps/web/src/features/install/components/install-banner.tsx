import { useState, useSyncExternalStore } from 'react';
import { showInstallBanner, type InstallMemory } from '@earshot/core';
import { LogoMark } from '../../../shared/ui/icons';
import styles from './install-banner.module.css';

type PromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice?: Promise<{ outcome: string }>;
};

const KEY = 'earshot-install';
const read = (): InstallMemory => {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as InstallMemory;
  } catch {
    return {};
  }
};
const remember = (m: InstallMemory) => localStorage.setItem(KEY, JSON.stringify(m));

// The browser's install offer, kept from the moment this code runs: it may come while the
// app is still starting (the app draws after the page's shell has painted).
let offer: PromptEvent | null = null;
const listeners = new Set<() => void>();
const setOffer = (e: PromptEvent | null) => {
  offer = e;
  listeners.forEach((l) => l());
};
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    setOffer(e as PromptEvent);
  });
  window.addEventListener('appinstalled', () => setOffer(null));
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const useInstallOffer = () =>
  useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );

/** Offers to install the app when the browser can (beforeinstallprompt): Yes, Later (a day), Never. */
export function InstallBanner() {
  const prompt = useInstallOffer();
  const [hidden, setHidden] = useState(false);
  // What the visitor chose before, as of this visit.
  const [seen] = useState(() => ({ memory: read(), now: Date.now() }));
  const standalone =
    typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
  if (hidden || !showInstallBanner({ standalone, canPrompt: prompt !== null, ...seen }))
    return null;

  const yes = async () => {
    setHidden(true);
    await prompt!.prompt();
    setOffer(null);
  };
  const later = () => {
    remember({ laterAt: Date.now() });
    setHidden(true);
  };
  const never = () => {
    remember({ never: true });
    setHidden(true);
  };
  return (
    <section className={styles.banner} aria-labelledby="install-title">
      <LogoMark size={40} />
      <div className={styles.text}>
        <h2 id="install-title" className={styles.title}>
          Install Earshot
        </h2>
        <p className={styles.sub}>Add it to your home screen for quick access on your walks.</p>
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.yes} onClick={() => void yes()}>
          Yes
        </button>
        <button type="button" className={styles.other} onClick={later}>
          Later
        </button>
        <button type="button" className={styles.other} onClick={never}>
          Never
        </button>
      </div>
    </section>
  );
}
