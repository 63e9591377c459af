import type { CSSProperties } from 'react';
import { inkOn, poiColor } from '@earshot/core';
import styles from './keypad-code.module.css';

/**
 * SPEC §9: the keypad code shows on the POI detail, on the POI's colour as on the carousel
 * and the list, in whichever ink reads on it.
 */
export function KeypadCode({
  code,
  color,
  className = '',
}: {
  code: number | null;
  color: string | null;
  className?: string;
}) {
  if (code == null) return null;
  const background = poiColor(color);
  return (
    <span
      className={`${styles.code} ${className}`}
      style={{ '--poi': background, '--on-poi': inkOn(background) } as CSSProperties}
    >
      <span className="visually-hidden">Keypad code </span>
      {code}
    </span>
  );
}
