import { useEffect, useState } from 'react';

export type BannerRoom = { top: number; bottom: number };

const NONE: BannerRoom = { top: 0, bottom: 0 };

/**
 * The room the 'No Layers Selected' banner takes at the top or the bottom edge of the map
 * (its CSS places it), so the layers panel stops short of it and its Enable All stays
 * reachable while the panel is open.
 */
export function useBannerRoom(frame: HTMLElement | null): BannerRoom {
  const [room, setRoom] = useState(NONE);
  useEffect(() => {
    const slot = frame?.querySelector('[data-layers-banner]');
    if (!frame || !slot) return;
    const measure = () => {
      const f = frame.getBoundingClientRect();
      const b = slot.getBoundingClientRect();
      if (b.height === 0) return setRoom(NONE);
      const upper = b.top + b.height / 2 < f.top + f.height / 2;
      setRoom(upper ? { top: b.bottom - f.top, bottom: 0 } : { top: 0, bottom: f.bottom - b.top });
    };
    const observer = new ResizeObserver(measure);
    observer.observe(slot);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [frame]);
  return room;
}
