import type { Poi } from '@earshot/core';
import styles from '../components/guide-map.module.css';

/**
 * The info window of SPEC §2: title, subtitle and a Visit button. Built as DOM (a Leaflet
 * popup's content), with text set as text so POI fields never become markup.
 */
export function poiPopup(
  poi: Pick<Poi, 'title' | 'subtitle'>,
  onVisit: () => void,
  onClose: () => void,
): HTMLElement {
  const box = document.createElement('div');
  box.className = styles.popupBody!;
  const title = document.createElement('p');
  title.className = styles.popupTitle!;
  title.textContent = poi.title;
  box.append(title);
  if (poi.subtitle) {
    const sub = document.createElement('p');
    sub.className = styles.popupSubtitle!;
    sub.textContent = poi.subtitle;
    box.append(sub);
  }
  const visit = document.createElement('button');
  visit.type = 'button';
  visit.className = styles.visit!;
  visit.textContent = 'Visit';
  visit.setAttribute('aria-label', `Visit ${poi.title}`);
  visit.addEventListener('click', onVisit);
  box.append(visit);
  // Leaflet closes a popup on Escape only while the map itself has the focus.
  box.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    onClose();
  });
  return box;
}
