import { Link } from 'react-router';
import { EmptyState } from '../../shared/ui/empty-state';
import { GlobeIcon } from '../../shared/ui/icons';
import buttons from '../../shared/ui/button.module.css';

/** Placeholder until the world map ships: says so plainly and leads back to the list. */
export function WorldMapSoon() {
  return (
    <EmptyState
      icon={<GlobeIcon size={36} />}
      title="The world map is on its way"
      action={
        <Link className={buttons.button} to="/">
          Browse the guide list
        </Link>
      }
    >
      <h1 className="visually-hidden">World map</h1>
      <p>
        Soon you will find every guide on a map of the world. Until then, all guides are in the
        list.
      </p>
    </EmptyState>
  );
}
