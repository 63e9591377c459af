import * as Popover from '@radix-ui/react-popover';
import { MoreIcon, TranscriptIcon } from './icons';
import { LanguageSelect } from './language-select';
import styles from './footer-player.module.css';

export type MoreMenuProps = {
  languages: boolean;
  transcript: boolean;
  onTranscript: () => void;
  defaultOpen?: boolean;
};

/** The player's '⋯' on phones: language and transcript. Loaded on first use (player-extras). */
export function MoreMenu({ languages, transcript, onTranscript, defaultOpen }: MoreMenuProps) {
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger className={`${styles.icon} ${styles.more}`} aria-label="More options">
        <MoreIcon size={20} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={styles.menu}
          aria-label="More options"
          side="top"
          align="end"
          sideOffset={10}
        >
          {languages && (
            <div className={styles.menuRow}>
              <LanguageSelect />
            </div>
          )}
          {transcript && (
            <Popover.Close className={styles.menuItem} onClick={onTranscript}>
              <TranscriptIcon size={20} /> Transcript
            </Popover.Close>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
