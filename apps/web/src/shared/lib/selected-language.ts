import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The language chosen for each guide (by token), remembered on this device. */
export const useSelectedLanguage = create<{
  byGuide: Record<string, string>;
  select: (token: string, code: string) => void;
}>()(
  persist(
    (set) => ({
      byGuide: {},
      select: (token, code) => set((s) => ({ byGuide: { ...s.byGuide, [token]: code } })),
    }),
    { name: 'earshot-languages' },
  ),
);
