import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { QrCode } from './qr-code';
import styles from './link-menu.module.css';

export type LinkMenuContent = {
  /** The menu's name and heading, e.g. 'Link to Portland'. */
  title: string;
  url: string;
  /** Alt text of the QR code. */
  qrLabel: string;
};
type Props = LinkMenuContent & { at: { x: number; y: number }; onClose: () => void };

/** A link's menu (SPEC §2 right-click menus): the direct link, a copy action and a QR code. */
export function LinkMenu({ title, url, qrLabel, at, onClose }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [copy, setCopy] = useState<'idle' | 'done' | 'failed'>('idle');
  useEffect(() => {
    const el = ref.current!;
    el.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (e: PointerEvent) => !el.contains(e.target as Node) && onClose();
    const key = (e: KeyboardEvent) => {
      const items = [...el.querySelectorAll<HTMLElement>('[role="menuitem"]')];
      const i = items.indexOf(document.activeElement as HTMLElement);
      if (e.key === 'Escape' || e.key === 'Tab') {
        // The menu is on top of everything: its Escape must not also close what lies beneath.
        if (e.key === 'Escape') e.stopPropagation();
        onClose();
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
      }
    };
    document.addEventListener('pointerdown', outside);
    window.addEventListener('keydown', key, true);
    return () => {
      document.removeEventListener('pointerdown', outside);
      window.removeEventListener('keydown', key, true);
    };
  }, [onClose]);
  const left = Math.max(8, Math.min(at.x, window.innerWidth - 308));
  const top = Math.max(8, Math.min(at.y, window.innerHeight - 420));
  return createPortal(
    <div ref={ref} role="menu" aria-label={title} className={styles.menu} style={{ left, top }}>
      <div className={styles.label}>{title}</div>
      <a role="menuitem" className={styles.item} href={url} onClick={onClose}>
        {url}
      </a>
      <button
        type="button"
        role="menuitem"
        className={styles.item}
        onClick={() =>
          void (navigator.clipboard?.writeText(url) ?? Promise.reject()).then(
            () => setCopy('done'),
            () => setCopy('failed'),
          )
        }
      >
        {copy === 'done'
          ? 'Link copied to clipboard'
          : copy === 'failed'
            ? 'Could not copy: press and hold the link above'
            : 'Copy link to clipboard'}
      </button>
      <div className={styles.qr}>
        <QrCode value={url} label={qrLabel} />
      </div>
    </div>,
    document.body,
  );
}
