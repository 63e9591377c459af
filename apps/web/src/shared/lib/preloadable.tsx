import { use, type ComponentType } from 'react';

/**
 * A component whose code loads on first use. Unlike React.lazy it can be loaded before it is
 * first drawn (`preload`), and then draws at once, with no Suspense fallback in between: the
 * screen a page opens on takes over from the page's own HTML without a skeleton between.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => (pending ??= load().then((c) => (loaded = c)));
  function Preloadable(props: P) {
    const Loaded = loaded ?? use(preload());
    // Not made during render: the same loaded component every time (as React.lazy gives).
    return <Loaded {...props} />;
  }
  return { Component: Preloadable, preload };
}
