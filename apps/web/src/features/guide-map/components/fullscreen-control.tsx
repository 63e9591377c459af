import { ExpandIcon } from '../../../shared/ui/icons';
import { useFullscreen } from '../../../shared/lib/use-fullscreen';
import { ShrinkIcon } from './icons';
import styles from './controls.module.css';

/** SPEC §2: the map's fullscreen control (the Fullscreen API on the map's own box). */
export function FullscreenControl({ target }: { target: HTMLElement }) {
  const { active } = useFullscreen();
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.requestFullscreen().catch(() => undefined);
  };
  return (
    <button
      type="button"
      className={styles.control}
      aria-label={active ? 'Exit full screen' : 'Show the map full screen'}
      onClick={toggle}
    >
      {active ? <ShrinkIcon /> : <ExpandIcon />}
    </button>
  );
}
