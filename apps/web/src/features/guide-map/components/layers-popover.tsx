import { useId } from 'react';
import * as Checkbox from '@radix-ui/react-checkbox';
import * as Popover from '@radix-ui/react-popover';
import { noLayersSelected, poiColor } from '@earshot/core';
import { useFullscreenElement } from '../../../shared/lib/use-fullscreen';
import { useGuide } from '../../../shared/visit/use-guide';
import { useVisit } from '../../../shared/visit/store';
import { useBannerRoom } from '../hooks/use-banner-room';
import { Glyph, LayersIcon } from './icons';
import styles from './controls.module.css';

/** Space the panel keeps from the map's edges (and from the banner). */
const GAP = 8;

/**
 * SPEC §2 layers control: a toggle list of the guide's layers, warning when none is on.
 * The panel is drawn above the page's banners ('Register to take part' among them), in the
 * full-screen map too, and stops short of the 'No Layers Selected' banner so that its
 * Enable All can be pressed with the list open. Loaded on first use (layers-control.tsx).
 */
export function LayersPopover({
  frame,
  defaultOpen,
}: {
  frame: HTMLElement | null;
  defaultOpen?: boolean;
}) {
  const { layers } = useGuide();
  const selected = useVisit((s) => s.selectedLayers);
  const toggleLayer = useVisit((s) => s.toggleLayer);
  const selectLayers = useVisit((s) => s.selectLayers);
  const none = noLayersSelected(layers.length, selected.length);
  const id = useId();
  const room = useBannerRoom(frame);
  const fullscreen = useFullscreenElement();
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger
        className={styles.control}
        aria-label={none ? 'Layers (no layers selected)' : 'Layers'}
      >
        <LayersIcon />
        {none && (
          <span className={styles.warning} aria-hidden="true">
            !
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal
        container={fullscreen && fullscreen !== document.documentElement ? fullscreen : undefined}
      >
        <Popover.Content
          className={styles.panel}
          side="left"
          align="start"
          sideOffset={GAP}
          collisionBoundary={frame}
          collisionPadding={{
            top: room.top + GAP,
            bottom: room.bottom + GAP,
            left: GAP,
            right: GAP,
          }}
          aria-label="Layers"
        >
          <p className={styles.panelTitle}>Layers</p>
          <ul className={styles.layers}>
            {layers.map((layer) => {
              const color = poiColor(layer.color);
              return (
                <li key={layer.id}>
                  <Checkbox.Root
                    id={`${id}-${layer.id}`}
                    className={styles.check}
                    checked={selected.includes(layer.id)}
                    onCheckedChange={() => toggleLayer(layer.id)}
                  >
                    <Checkbox.Indicator className={styles.tick}>
                      <svg viewBox="0 0 24 24" aria-hidden="true">
                        <path d="M5 12.5l4.5 4.5L19 7.5" />
                      </svg>
                    </Checkbox.Indicator>
                  </Checkbox.Root>
                  <label htmlFor={`${id}-${layer.id}`} className={styles.layer}>
                    <span className={styles.swatch} style={{ background: color }}>
                      <Glyph icon={layer.icon} size={16} />
                    </span>
                    {layer.name}
                  </label>
                </li>
              );
            })}
          </ul>
          <div className={styles.panelActions}>
            <button
              type="button"
              className={styles.textButton}
              disabled={selected.length === layers.length}
              onClick={() => selectLayers(layers.map((l) => l.id))}
            >
              Show all
            </button>
            <button
              type="button"
              className={styles.textButton}
              disabled={selected.length === 0}
              onClick={() => selectLayers([])}
            >
              Hide all
            </button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
