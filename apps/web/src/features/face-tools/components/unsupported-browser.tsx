import { UNSUPPORTED_BROWSER_MESSAGE } from '@earshot/core';
import { EmptyState } from '../../../shared/ui/empty-state';

/** The test tool's page in a browser without WebAssembly or WebGL 2. */
export function UnsupportedBrowser({ title }: { title: string }) {
  return (
    <article>
      <h1 className="visually-hidden">{title}</h1>
      <div role="alert">
        <EmptyState title="This browser cannot track faces">
          <p>{UNSUPPORTED_BROWSER_MESSAGE}</p>
        </EmptyState>
      </div>
    </article>
  );
}
