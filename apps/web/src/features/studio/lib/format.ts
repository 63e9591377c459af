import type { DraftStatus } from '@earshot/core';

/** A date and time as the publisher's browser writes them; '' for none. */
export function formatWhen(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The guide list's status badge: what a publisher reads at a glance. */
export const STATUS_LABEL: Record<DraftStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  changed: 'Changed since publishing',
};

/** "Edited 3 Nov 2026, 10:02 by Ana" from the list's updated_at and updated_by. */
export function lastEdit(at?: string | null, by?: string | null, locale?: string): string {
  const when = formatWhen(at, locale);
  if (!when) return by ? `Edited by ${by}` : '';
  return by ? `Edited ${when} by ${by}` : `Edited ${when}`;
}
