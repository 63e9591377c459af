import { playerIcon, showsSpinner, type MediaPlayerState } from '@earshot/core';
import { CircleIcon, PauseIcon, PlayIcon } from './icons';
import styles from './play-button.module.css';

const NAMES = { circle: 'Loading', pause: 'Pause', play: 'Play' } as const;

/** SPEC §4 play/pause: circle while loading, pause while playing, play otherwise; spinner ring. */
export function PlayButton({
  state,
  onToggle,
  disabled,
}: {
  state: MediaPlayerState;
  onToggle: () => void;
  disabled?: boolean;
}) {
  const icon = playerIcon(state);
  const Glyph = icon === 'circle' ? CircleIcon : icon === 'pause' ? PauseIcon : PlayIcon;
  return (
    <button
      type="button"
      className={styles.play}
      aria-label={NAMES[icon]}
      data-status={state.status}
      onClick={onToggle}
      disabled={disabled}
    >
      {showsSpinner(state.status) && <span className={styles.ring} aria-hidden="true" />}
      <Glyph size={26} />
    </button>
  );
}
