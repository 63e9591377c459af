import { badgeCount } from '@earshot/core';
import { useGuide } from '../../../shared/visit/use-guide';
import { useVisit } from '../../../shared/visit/store';
import { CountControl } from './count-control';
import { StarsIcon } from './icons';

/** SPEC §2 badges control: a stars icon with the guide's badge count; it opens the badges overlay. */
export function BadgesControl() {
  const { badges } = useGuide();
  const openBadges = useVisit((s) => s.openBadges);
  const count = badgeCount(badges);
  return (
    <CountControl
      icon={<StarsIcon />}
      count={count}
      label={`Badges: ${count}`}
      title="Badges"
      onClick={openBadges}
      opensDialog
    />
  );
}
