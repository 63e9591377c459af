import { useEffect } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

type Preferences = {
  dark: boolean;
  monochrome: boolean;
  toggleDark: () => void;
  toggleMonochrome: () => void;
};

/** Dark mode and monochrome, remembered across visits (index.html applies them before paint). */
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

/** Mirrors the preferences onto <html> so every screen's CSS variables follow them. */
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
  }, [dark, monochrome]);
}
