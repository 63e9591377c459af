import { ENABLE_ALL_TEXT, NO_LAYERS_TEXT, noLayersSelected } from '@earshot/core';
import { useGuide } from '../../../shared/visit/use-guide';
import { useVisit } from '../../../shared/visit/store';
import { WarningIcon } from './icons';
import styles from './controls.module.css';

/**
 * SPEC §2: the 'No Layers Selected' banner with Enable All, over the map while the guide has
 * layers and none is selected. The live region stays in place so its change is announced.
 */
export function NoLayersBanner() {
  const { layers } = useGuide();
  const none = useVisit((s) => noLayersSelected(layers.length, s.selectedLayers.length));
  const selectLayers = useVisit((s) => s.selectLayers);
  return (
    <div className={styles.bannerSlot} role="status">
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
