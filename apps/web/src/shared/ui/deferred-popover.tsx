import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** What a popover loaded on first use gets: open at once, since the visitor asked for it. */
export type DeferredPopoverProps = { defaultOpen?: boolean };

/** The trigger drawn until the popover's code is wanted: the same look and name. */
export type StandIn = { className?: string; label: string; children: ReactNode };

/**
 * A popover (Radix Popover, with its positioning engine: ~11 KB) whose code loads when the
 * visitor reaches for its trigger (pointer over it, focus) instead of with the page: until
 * the first press a plain button stands in, with the trigger's look, name and
 * `aria-haspopup`; from that press the loaded popover, trigger and all, replaces it, open.
 * After that it is the Radix popover as before (roles, keyboard, focus back on close).
 */
export function deferredPopover<P extends object>(
  load: () => Promise<ComponentType<P & DeferredPopoverProps>>,
) {
  let pending: Promise<ComponentType<P & DeferredPopoverProps>> | undefined;
  const preload = () => (pending ??= load());
  const Popover = lazy(() => preload().then((c) => ({ default: c })));

  return function DeferredPopover({ standIn, props }: { standIn: StandIn; props: P }) {
    const [used, setUsed] = useState(false);
    const button = (
      <button
        type="button"
        className={standIn.className}
        aria-label={standIn.label}
        aria-haspopup="dialog"
        aria-expanded={false}
        onPointerEnter={() => void preload()}
        onFocus={() => void preload()}
        onClick={() => setUsed(true)}
      >
        {standIn.children}
      </button>
    );
    if (!used) return button;
    return (
      <Suspense fallback={button}>
        <Popover {...props} defaultOpen />
      </Suspense>
    );
  };
}
