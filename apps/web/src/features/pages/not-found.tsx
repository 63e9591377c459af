import { Link } from 'react-router';
import { EmptyState } from '../../shared/ui/empty-state';
import { PinIcon } from '../../shared/ui/icons';
import buttons from '../../shared/ui/button.module.css';

/** The 404 page: any unknown route, or a route whose parameters are not valid. */
export function NotFound() {
  return (
    <EmptyState
      icon={<PinIcon size={36} />}
      title="We couldn’t find that page"
      action={
        <Link className={buttons.button} to="/">
          Browse all guides
        </Link>
      }
    >
      <h1 className="visually-hidden">Page not found</h1>
      <p>The link may be old or mistyped. Every walk starts from the guide list.</p>
    </EmptyState>
  );
}
