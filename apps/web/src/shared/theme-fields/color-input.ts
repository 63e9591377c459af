import { parseThemeColor } from '@earshot/core';

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** The `#rrggbb` an `<input type=color>` shows for a theme colour (its fallback when none). */
export function colorInputValue(value: string | undefined, fallback: string): string {
  const c = parseThemeColor(value ?? '') ?? parseThemeColor(fallback);
  return c ? `#${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}` : '#000000';
}
