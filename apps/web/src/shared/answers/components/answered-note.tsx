import { answeredOnText, CHALLENGE_STATUS_LOOK, challengeStatus } from '@earshot/core';
import { useOnline } from '../../offline/use-online';
import { answerDate } from '../format';
import { useAnswerQueue } from '../queue-store';
import type { ShownAnswer } from '../use-answers';
import { StatusIcon } from './status-icon';
import styles from './challenge-view.module.css';

/**
 * 'You answered this question on <date>' (SPEC §2) with the status icon of SPEC §4, and for an
 * answer still on the device whether it is being sent or waits for the network.
 */
export function AnsweredNote({ answer }: { answer: ShownAnswer }) {
  const status = challengeStatus(answer);
  const online = useOnline();
  const sending = useAnswerQueue((s) => !!answer.localId && s.sending === answer.localId);
  const look = status === 'none' ? null : CHALLENGE_STATUS_LOOK[status];
  let detail = look?.label ?? '';
  if (status === 'pending')
    detail =
      online && sending
        ? 'Sending your answer…'
        : online
          ? 'Saved on this device, waiting to be sent.'
          : 'Saved on this device. It will be sent when you are back online.';
  return (
    <div className={styles.answered} data-status={status} role="status">
      <StatusIcon status={status} />
      <div>
        <p className={styles.answeredOn}>{answeredOnText(answerDate(answer.created_at))}</p>
        <p className={styles.answeredDetail}>{detail}</p>
      </div>
    </div>
  );
}
