import { useGuide } from '../../../shared/visit/use-guide';
import { CountControl } from './count-control';
import { StarsIcon } from './icons';
import styles from './controls.module.css';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** SPEC §2 badges control: a stars icon with the guide's badge count. */
export function BadgesControl() {
  const { badges } = useGuide();
  return (
    <CountControl
      icon={<StarsIcon />}
      count={badges.length}
      label={`Badges: ${badges.length}`}
      title="Badges"
    >
      <ul className={styles.items}>
        {badges.map((b) => (
          <li key={b.id}>
            <span className={styles.itemName}>{b.name}</span>
            <span className={styles.itemMeta}>{plural(b.levels.length, 'level')}</span>
          </li>
        ))}
      </ul>
    </CountControl>
  );
}
