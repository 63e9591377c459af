import { useEffect } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

type Preferences = {
  dark: boolean;
  monochrome: boolean;
  toggleDark: () => void;
  toggleMonochrome: () => void;
};

/**
 * Dark mode and monochrome, remembered across visits. A cookie mirrors them so the server
 * sends each page already in the visitor's look (apps/server/src/plugins/app-shell/).
 */
export const usePreferences = create<Preferences>()(
  persist(
    (set) => ({
      dark: false,
      monochrome: false,
      toggleDark: () => set((s) => ({ dark: !s.dark })),
      toggleMonochrome: () => set((s) => ({ monochrome: !s.monochrome })),
    }),
    {
      name: 'earshot-preferences',
      partialize: (s) => ({ dark: s.dark, monochrome: s.monochrome }),
    },
  ),
);

/** Name of the cookie the server reads; its value lists `dark` and/or `mono`. */
export const LOOK_COOKIE = 'earshot-look';

/** Mirrors the preferences onto <html> (so every screen's CSS variables follow them) and the cookie. */
export function useApplyPreferences() {
  const { dark, monochrome } = usePreferences();
  useEffect(() => {
    const root = document.documentElement;
    if (dark) root.dataset.theme = 'dark';
    else delete root.dataset.theme;
    if (monochrome) root.dataset.mono = '';
    else delete root.dataset.mono;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', dark ? '#10191d' : '#0f5f73');
    const look = [dark && 'dark', monochrome && 'mono'].filter(Boolean).join('.');
    document.cookie = look
      ? `${LOOK_COOKIE}=${look}; path=/; max-age=31536000; samesite=lax`
      : `${LOOK_COOKIE}=; path=/; max-age=0; samesite=lax`;
  }, [dark, monochrome]);
}
