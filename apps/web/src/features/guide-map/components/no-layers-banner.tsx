import { ENABLE_ALL_TEXT, NO_LAYERS_TEXT, noLayersSelected } from '@earshot/core';
import { useGuide } from '../../../shared/visit/use-guide';
import { useVisit } from '../../../shared/visit/store';
import { WarningIcon } from './icons';
import styles from './controls.module.css';

/**
 * SPEC §2: the 'No Layers Selected' banner with Enable All, over the map while the guide has
 * layers and none is selected. The live region stays in place so its change is announced.
 * Below 900 px it is at the top (the 'Register to take part' banner sits lower there, and
 * the compact card at the bottom); wider, at the bottom above the carousel, clear of the
 * 'Register to take part' banner and the compact card at the top.
 */
export function NoLayersBanner() {
  const { layers } = useGuide();
  const none = useVisit((s) => noLayersSelected(layers.length, s.selectedLayers.length));
  const selectLayers = useVisit((s) => s.selectLayers);
  const carousel = useVisit((s) => s.view === 'carousel');
  return (
    <div
      className={styles.bannerSlot}
      role="status"
      data-layers-banner=""
      data-carousel={carousel || undefined}
    >
      {none && (
        <div className={styles.banner}>
          <WarningIcon size={20} />
          <span className={styles.bannerText}>{NO_LAYERS_TEXT}</span>
          <button
            type="button"
            className={styles.bannerButton}
            onClick={() => selectLayers(layers.map((l) => l.id))}
          >
            {ENABLE_ALL_TEXT}
          </button>
        </div>
      )}
    </div>
  );
}
