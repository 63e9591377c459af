import { DEFAULT_MARKER_COLOR } from '@earshot/core';

/** A guide's pin on the world map, with its number of stops (empty when not known). */
export const pin = (count: number | '') => `
  <svg viewBox="0 0 34 50" width="34" height="50" aria-hidden="true">
    <path d="M17 1C8.2 1 1 8 1 16.8 1 28.5 17 49 17 49s16-20.5 16-32.2C33 8 25.8 1 17 1z"
      fill="#${DEFAULT_MARKER_COLOR}" stroke="#0b3d12" stroke-width="2"/>
    ${count === '' ? '<circle cx="17" cy="17" r="5" fill="#0b3d12"/>' : `<text x="17" y="22" text-anchor="middle" font-size="13" font-weight="700" fill="#0b3d12">${count}</text>`}
  </svg>`;

/** Gives a marker's element its role and accessible name (Leaflet sets neither on a divIcon). */
export const nameMarker = (el: HTMLElement | undefined, label: string) => {
  el?.setAttribute('role', 'button');
  el?.setAttribute('aria-label', label);
};
