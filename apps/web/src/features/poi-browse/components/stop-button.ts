import type { CSSProperties } from 'react';
import { inkOn, poiColor, stopName, type Poi } from '@earshot/core';
import type { LinkMenuHandlers } from '../../../shared/ui/use-link-menu';

export type StopItemProps = {
  poi: Poi;
  selected: boolean;
  /** SPEC §2 star: yellow while the challenge is active, grey once answered, none without one. */
  star: 'active' | 'inactive' | null;
  tabbable: boolean;
  /** The link menu's `bind` (one function for the strip's life, so memo holds). */
  menu: (poi: Poi) => LinkMenuHandlers;
  onSelect: (token: string) => void;
};

/** What a stop's button is in the carousel and in the list alike: colour, name, state, actions. */
export function useStopButton({ poi, selected, star, tabbable, menu, onSelect }: StopItemProps) {
  const color = poiColor(poi.color);
  const handlers = menu(poi);
  return {
    color,
    button: {
      type: 'button' as const,
      style: { '--poi': color, '--on-poi': inkOn(color) } as CSSProperties,
      'aria-label': stopName(poi, star),
      'aria-current': selected ? ('true' as const) : undefined,
      tabIndex: tabbable ? 0 : -1,
      'data-token': poi.token,
      onClick: () => onSelect(poi.token),
      ...handlers,
    },
  };
}
