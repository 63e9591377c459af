import {
  lazy,
  Suspense,
  useCallback,
  useRef,
  useState,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { LinkMenuContent } from './link-menu';

// The menu (and its QR encoder) loads on the first right-click or long-press.
const LinkMenu = lazy(() => import('./link-menu').then((m) => ({ default: m.LinkMenu })));

/** How long a touch must rest on an item to open its menu. */
export const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling or dragging, not pressing. */
const PRESS_SLOP_PX = 10;

export type LinkMenuHandlers = {
  onContextMenu: (e: MouseEvent<HTMLElement>) => void;
  onPointerDown: (e: PointerEvent<HTMLElement>) => void;
  onPointerMove: (e: PointerEvent<HTMLElement>) => void;
  onPointerUp: () => void;
  onPointerCancel: () => void;
  onClickCapture: (e: MouseEvent<HTMLElement>) => void;
};

/**
 * The link menu of a set of items (one open at a time): `bind(item)` gives an element the
 * handlers that open it — right-click, the context-menu key or Shift+F10, a long-press on a
 * touch screen — and `menu` is the menu to render. A long-press does not also click the item;
 * closing the menu puts focus back on the item, so a keyboard user carries on where they were.
 */
export function useLinkMenu<T>(describe: (item: T) => LinkMenuContent): {
  bind: (item: T) => LinkMenuHandlers;
  menu: ReactNode;
} {
  const [open, setOpen] = useState<{ item: T; x: number; y: number } | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const press = useRef<{ x: number; y: number; fired: boolean } | null>(null);
  const close = useCallback(() => {
    setOpen(null);
    trigger.current?.focus();
  }, []);
  // One function for the hook's life, so a memoised item given `bind` keeps its props.
  const bind = useCallback((item: T): LinkMenuHandlers => {
    const cancel = () => window.clearTimeout(timer.current);
    return {
      onContextMenu(e) {
        e.preventDefault();
        cancel();
        trigger.current = e.currentTarget;
        // From the keyboard there is no pointer: open below the item.
        const r = e.currentTarget.getBoundingClientRect();
        const fromKeys = e.clientX === 0 && e.clientY === 0;
        setOpen(fromKeys ? { item, x: r.left, y: r.bottom } : { item, x: e.clientX, y: e.clientY });
      },
      onPointerDown(e) {
        press.current = null;
        if (e.pointerType !== 'touch') return;
        const { clientX: x, clientY: y, currentTarget } = e;
        press.current = { x, y, fired: false };
        cancel();
        timer.current = window.setTimeout(() => {
          press.current!.fired = true;
          trigger.current = currentTarget;
          setOpen({ item, x, y });
        }, LONG_PRESS_MS);
      },
      onPointerMove(e) {
        const p = press.current;
        if (p && Math.hypot(e.clientX - p.x, e.clientY - p.y) > PRESS_SLOP_PX) cancel();
      },
      onPointerUp: cancel,
      onPointerCancel: cancel,
      onClickCapture(e) {
        if (!press.current?.fired) return;
        press.current = null;
        e.preventDefault();
        e.stopPropagation();
      },
    };
  }, []);
  const menu = open && (
    <Suspense fallback={null}>
      <LinkMenu {...describe(open.item)} at={open} onClose={close} />
    </Suspense>
  );
  return { bind, menu };
}
