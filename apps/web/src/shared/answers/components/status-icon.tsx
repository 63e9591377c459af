import { CHALLENGE_STATUS_LOOK, type ChallengeStatus } from '@earshot/core';
import { CloudUploadIcon, DoneIcon, MoreHorizIcon, WrongIcon } from './icons';
import styles from './status-icon.module.css';

const ICONS = {
  more_horiz: MoreHorizIcon,
  done: DoneIcon,
  close: WrongIcon,
  cloud_upload: CloudUploadIcon,
} as const;

/**
 * SPEC §4 challenge status icon: none when unanswered; grey 'more horiz' when answered and
 * unchecked; green done when correct; red close when wrong (and a cloud while on the device).
 */
export function StatusIcon({ status, size = 22 }: { status: ChallengeStatus; size?: number }) {
  if (status === 'none') return null;
  const look = CHALLENGE_STATUS_LOOK[status];
  const Glyph = ICONS[look.icon];
  return (
    <span className={styles.status} data-status={status} role="img" aria-label={look.label}>
      <Glyph size={size} />
    </span>
  );
}
