import { memo } from 'react';
import { deferredPopover } from '../../../shared/ui/deferred-popover';
import { KeypadIcon } from '../../../shared/ui/icons';
import { useGuide } from '../../../shared/visit/use-guide';
import { useVisit } from '../../../shared/visit/store';
import { MoreIcon, TranscriptIcon } from './icons';
import { LanguageSelect } from './language-select';
import styles from './footer-player.module.css';

// The overflow and Radix Popover load when the visitor reaches for '⋯', not with the guide
// screen (the guide route's first-load budget, e2e/helpers/budgets.ts).
const More = deferredPopover(() => import('./more-menu').then((m) => m.MoreMenu));

/**
 * The language, transcript and keypad. The keypad button shows whenever the guide has a
 * keypad (SPEC §2), phones included; the language and transcript are inline on wide screens
 * and behind '⋯' on phones, where the play button, title, scrubber and ±15 s come first.
 * Memoised: the player renders on every time update.
 */
export const PlayerExtras = memo(function PlayerExtras({ transcript }: { transcript: boolean }) {
  const guide = useGuide();
  const openDetail = useVisit((s) => s.openDetail);
  const openKeypad = useVisit((s) => s.openKeypad);
  const languages = guide.languages.length > 1;
  if (!languages && !transcript && !guide.has_keypad) return null;
  const showTranscript = () => openDetail('modal', 'transcript');
  const more = languages || transcript;
  return (
    <>
      <div className={styles.inline}>
        <LanguageSelect />
        {transcript && (
          <button
            type="button"
            className={styles.icon}
            aria-label="Transcript"
            title="Transcript"
            onClick={showTranscript}
          >
            <TranscriptIcon size={20} />
          </button>
        )}
      </div>
      {guide.has_keypad && (
        <button
          type="button"
          className={styles.icon}
          aria-label="Keypad"
          title="Keypad"
          onClick={() => openKeypad()}
        >
          <KeypadIcon size={20} />
        </button>
      )}
      {more && (
        <More
          standIn={{
            className: `${styles.icon} ${styles.more}`,
            label: 'More options',
            children: <MoreIcon size={20} />,
          }}
          props={{ languages, transcript, onTranscript: showTranscript }}
        />
      )}
    </>
  );
});
