import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

// The menu (and its QR encoder) loads on the first right-click or long-press.
const CityLinkMenu = lazy(() =>
  import('./city-link-menu').then((m) => ({ default: m.CityLinkMenu })),
);

export const cityPath = (city: string) => `/city/${encodeURIComponent(city.toLowerCase())}`;

const LONG_PRESS_MS = 550;

/** A link to a city's page; right-click (or long-press) shows its direct link, a copy action and a QR code. */
export function CityLink({
  city,
  className,
  children,
}: {
  city: string;
  className?: string;
  children: ReactNode;
}) {
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const pressed = useRef(false);
  const link = useRef<HTMLAnchorElement>(null);
  const cancel = () => window.clearTimeout(timer.current);
  // Back to the link, so a keyboard user carries on where they were.
  const close = useCallback(() => {
    setMenu(null);
    link.current?.focus();
  }, []);
  return (
    <>
      <Link
        ref={link}
        to={cityPath(city)}
        className={className}
        onContextMenu={(e) => {
          e.preventDefault();
          // From the keyboard (context-menu key, Shift+F10) there is no pointer: open below the link.
          const r = e.currentTarget.getBoundingClientRect();
          const fromKeys = e.clientX === 0 && e.clientY === 0;
          setMenu(fromKeys ? { x: r.left, y: r.bottom } : { x: e.clientX, y: e.clientY });
        }}
        onPointerDown={(e) => {
          if (e.pointerType !== 'touch') return;
          pressed.current = false;
          const { clientX: x, clientY: y } = e;
          timer.current = window.setTimeout(() => {
            pressed.current = true;
            setMenu({ x, y });
          }, LONG_PRESS_MS);
        }}
        onPointerUp={cancel}
        onPointerCancel={cancel}
        onPointerMove={cancel}
        onClick={(e) => {
          // A long-press opened the menu: do not also follow the link.
          if (pressed.current) e.preventDefault();
        }}
      >
        {children}
      </Link>
      {menu && (
        <Suspense fallback={null}>
          <CityLinkMenu
            city={city}
            url={`${window.location.origin}${cityPath(city)}`}
            at={menu}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
