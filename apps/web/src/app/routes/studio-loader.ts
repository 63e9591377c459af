/**
 * The studio's route module one import away: the entry chunk then names only this small chunk,
 * not the studio's own chunks and styles (which it would list for its preload helper), so the
 * visitor's first-load JavaScript does not grow with the studio.
 */
export const loadStudio = () => import('./studio').then((m) => m.StudioRoute);
