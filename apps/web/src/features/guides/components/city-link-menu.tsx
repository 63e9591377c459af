import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { QrCode } from '../../../shared/ui/qr-code';
import styles from './city-link.module.css';

type Props = { city: string; url: string; at: { x: number; y: number }; onClose: () => void };

/** The link menu of a city: its direct online link, a copy action and a QR code. */
export function CityLinkMenu({ city, url, at, onClose }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [copy, setCopy] = useState<'idle' | 'done' | 'failed'>('idle');
  useEffect(() => {
    const el = ref.current!;
    el.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (e: PointerEvent) => !el.contains(e.target as Node) && onClose();
    const key = (e: KeyboardEvent) => {
      const items = [...el.querySelectorAll<HTMLElement>('[role="menuitem"]')];
      const i = items.indexOf(document.activeElement as HTMLElement);
      if (e.key === 'Escape' || e.key === 'Tab') onClose();
      else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
      }
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', key);
    };
  }, [onClose]);
  const left = Math.max(8, Math.min(at.x, window.innerWidth - 308));
  const top = Math.max(8, Math.min(at.y, window.innerHeight - 420));
  return createPortal(
    <div
      ref={ref}
      role="menu"
      aria-label={`Link to ${city}`}
      className={styles.menu}
      style={{ left, top }}
    >
      <div className={styles.label}>Link to {city}</div>
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
        <QrCode value={url} label={`QR code for the ${city} page`} />
      </div>
    </div>,
    document.body,
  );
}
