import { huntChallengeCount, type ScavengerHunt } from '@earshot/core';
import { CountControl } from './count-control';
import { EyeIcon } from './icons';
import styles from './controls.module.css';

const plural = (n: number) => `${n} challenge${n === 1 ? '' : 's'}`;

/** SPEC §2 scavenger hunt control: an eye icon with the number of the hunts' challenges. */
export function HuntControl({ hunts }: { hunts: ScavengerHunt[] }) {
  const count = huntChallengeCount(hunts);
  return (
    <CountControl
      icon={<EyeIcon />}
      count={count}
      label={`Scavenger hunt: ${plural(count)}`}
      title="Scavenger hunt"
    >
      <ul className={styles.items}>
        {hunts.map((h) => (
          <li key={h.id}>
            <span className={styles.itemName}>{h.name}</span>
            {h.subtitle && <span className={styles.itemSub}>{h.subtitle}</span>}
            <span className={styles.itemMeta}>{plural(h.challenges.length)}</span>
          </li>
        ))}
      </ul>
    </CountControl>
  );
}
