import { resumePosition } from '@earshot/core';

/**
 * Where the visitor left each POI's audio (by POI and language), for this visit: kept in
 * sessionStorage so a reload of the tab still resumes, and forgotten with the tab.
 */
const KEY = 'earshot-player-positions';
let cache: Record<string, number> | null = null;

function read(): Record<string, number> {
  if (cache) return cache;
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    cache = parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    cache = {};
  }
  return cache;
}

export const rememberedPosition = (key: string): number => resumePosition(read()[key]);

export function rememberPosition(key: string, seconds: number): void {
  const all = read();
  // Whole tenths are plenty to resume from, and spare the storage a write per frame.
  const t = Math.round(seconds * 10) / 10;
  if (all[key] === t) return;
  all[key] = t;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Private modes may refuse storage: the in-memory copy still serves this page.
  }
}
