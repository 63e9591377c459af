import { UNSUPPORTED_BROWSER_MESSAGE } from '@earshot/core';
import { EmptyState } from '../../../shared/ui/empty-state';

/** In place of a face tool, in a browser without WebAssembly or WebGL 2. */
export function UnsupportedBrowser() {
  return (
    <div role="alert">
      <EmptyState title="This browser cannot track faces">
        <p>{UNSUPPORTED_BROWSER_MESSAGE}</p>
      </EmptyState>
    </div>
  );
}
