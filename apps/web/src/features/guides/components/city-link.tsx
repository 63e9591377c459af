import * as ContextMenu from '@radix-ui/react-context-menu';
import { useState } from 'react';
import { Link } from 'react-router';
import { QrCode } from '../../../shared/ui/qr-code';
import styles from './city-link.module.css';

export const cityPath = (city: string) => `/city/${encodeURIComponent(city.toLowerCase())}`;

/** A link to a city's page; right-click (or long-press) shows its direct link, a copy action and a QR code. */
export function CityLink({
  city,
  className,
  children,
}: {
  city: string;
  className?: string;
  children: React.ReactNode;
}) {
  const url = `${window.location.origin}${cityPath(city)}`;
  const [copied, setCopied] = useState(false);
  return (
    <ContextMenu.Root onOpenChange={(open) => !open && setCopied(false)}>
      <ContextMenu.Trigger asChild>
        <Link to={cityPath(city)} className={className}>
          {children}
        </Link>
      </ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className={styles.menu} aria-label={`Link to ${city}`}>
          <ContextMenu.Label className={styles.label}>Link to {city}</ContextMenu.Label>
          <ContextMenu.Item asChild>
            <a className={styles.item} href={url}>
              {url}
            </a>
          </ContextMenu.Item>
          <ContextMenu.Item
            className={styles.item}
            onSelect={(e) => {
              e.preventDefault();
              void navigator.clipboard.writeText(url).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {copied ? 'Link copied to clipboard' : 'Copy link to clipboard'}
          </ContextMenu.Item>
          <div className={styles.qr}>
            <QrCode value={url} label={`QR code for the ${city} page`} />
          </div>
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}
