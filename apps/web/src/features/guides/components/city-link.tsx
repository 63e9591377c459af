import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cityPath } from '@earshot/core';
import { useLinkMenu } from '../../../shared/ui/use-link-menu';

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
  const { bind, menu } = useLinkMenu((name: string) => ({
    title: `Link to ${name}`,
    url: `${window.location.origin}${cityPath(name)}`,
    qrLabel: `QR code for the ${name} page`,
  }));
  return (
    <>
      <Link to={cityPath(city)} className={className} {...bind(city)}>
        {children}
      </Link>
      {menu}
    </>
  );
}
