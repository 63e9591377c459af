import { create } from 'zustand';

/**
 * Whether the gallery's full-screen lightbox is open. The detail dialog reads it so that
 * Escape closes the lightbox first instead of the whole detail underneath it.
 */
export const useGalleryLightbox = create<{ open: boolean; setOpen: (open: boolean) => void }>(
  (set) => ({ open: false, setOpen: (open) => set({ open }) }),
);
