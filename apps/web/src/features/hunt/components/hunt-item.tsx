import { answeredAtText, challengeStatus, CHALLENGE_TEXTS, type Challenge } from '@earshot/core';
import { ChallengeIcon } from '../../../shared/answers/components/challenge-icon';
import { StatusIcon } from '../../../shared/answers/components/status-icon';
import { answerTime } from '../../../shared/answers/format';
import type { ShownAnswer } from '../../../shared/answers/use-answers';
import styles from './hunt-screen.module.css';

type Props = { challenge: Challenge; answer: ShownAnswer | null; onOpen: (id: number) => void };

/** SPEC §2 hunt list item: icon, title, subtitle, 'Answered <time>' if answered, status icon. */
export function HuntItem({ challenge, answer, onOpen }: Props) {
  const status = challengeStatus(answer);
  return (
    <li>
      <button
        type="button"
        className={styles.item}
        data-status={status}
        data-challenge={challenge.id}
        onClick={() => onOpen(challenge.id)}
      >
        <span className={styles.itemIcon} aria-hidden="true">
          <ChallengeIcon challenge={challenge} size={22} />
        </span>
        <span className={styles.itemText}>
          <span className={styles.itemTitle}>
            {challenge.title || CHALLENGE_TEXTS.defaultTitle}
          </span>
          {challenge.subtitle && <span className={styles.itemSub}>{challenge.subtitle}</span>}
          {answer && (
            <span className={styles.itemMeta}>{answeredAtText(answerTime(answer.created_at))}</span>
          )}
        </span>
        <StatusIcon status={status} size={20} />
      </button>
    </li>
  );
}
