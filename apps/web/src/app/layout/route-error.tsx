import { Component, type ReactNode } from 'react';
import { EmptyState } from '../../shared/ui/empty-state';
import buttons from '../../shared/ui/button.module.css';

/** Shown when a screen fails to load (for example its code could not be fetched offline). */
export function RouteError({ error }: { error?: Error }) {
  return (
    <EmptyState
      title="Something went wrong"
      action={
        // A full load: the failed screen's code may belong to an older deploy.
        <a className={buttons.button} href="/">
          Back to all guides
        </a>
      }
    >
      <p>{error?.message ?? 'This screen could not be shown.'}</p>
    </EmptyState>
  );
}

/** Catches a screen's failure so the header, menu and footer stay usable; a new route resets it. */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { error: Error | null; key: string }
> {
  override state = { error: null as Error | null, key: this.props.resetKey };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { error: Error | null; key: string },
  ) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }
  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
