import { noLayersSelected } from '@earshot/core';
import { deferredPopover } from '../../../shared/ui/deferred-popover';
import { useGuide } from '../../../shared/visit/use-guide';
import { useVisit } from '../../../shared/visit/store';
import { LayersIcon } from './icons';
import styles from './controls.module.css';

// The list and Radix Popover load when the visitor reaches for the control, not with the
// guide screen (the guide route's first-load budget, e2e/helpers/budgets.ts).
const Layers = deferredPopover(() => import('./layers-popover').then((m) => m.LayersPopover));

/** SPEC §2 layers control: its button as the map opens; the list (layers-popover.tsx). */
export function LayersControl({ frame }: { frame: HTMLElement | null }) {
  const { layers } = useGuide();
  const selected = useVisit((s) => s.selectedLayers.length);
  const none = noLayersSelected(layers.length, selected);
  const standIn = {
    className: styles.control,
    label: none ? 'Layers (no layers selected)' : 'Layers',
    children: (
      <>
        <LayersIcon />
        {none && (
          <span className={styles.warning} aria-hidden="true">
            !
          </span>
        )}
      </>
    ),
  };
  return <Layers standIn={standIn} props={{ frame }} />;
}
