import { useMemo } from 'react';
import {
  dayIn,
  draftLanguages,
  draftStopName,
  formatDay,
  seasonChanges,
  seasonalStops,
  type GuideBundleInput,
} from '@earshot/core';
import { TextField } from '../../../shared/ui/text-field';
import { SelectField } from '../ui/fields';
import styles from './editor.module.css';

type Guide = GuideBundleInput['guide'];

/** The browser's list of time zones (every engine here has it); the guide's own one kept. */
const zones = (current?: string) => {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !all.includes(current) ? [current, ...all] : all;
};

/**
 * Seasons in the Guide section (docs/guide-bundle.md "Seasons"): the time zone the stops' dates
 * are days in, what a stop outside its dates does for visitors, the guide as it stands on a
 * chosen day (the preview follows it) and what changes in the next 30 days.
 */
export function SeasonsField({
  draft,
  day,
  onDay,
  err,
  set,
}: {
  draft: GuideBundleInput;
  /** The day the preview shows; null: today. */
  day: string | null;
  onDay: (day: string | null) => void;
  err: (path: string) => string | undefined;
  set: (patch: Partial<Guide>) => void;
}) {
  const guide = draft.guide;
  const stops = draft.pois ?? [];
  const dated = stops.some((p) => p.on_view_from || p.on_view_until);
  const today = dayIn(new Date(), guide.time_zone);
  const shown = day ?? today;
  const languages = draftLanguages(guide);
  const list = useMemo(() => zones(guide.time_zone), [guide.time_zone]);
  const onView = seasonalStops(stops, shown, 'hide').length;
  const changes = seasonChanges(stops, shown);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Seasons</legend>
      <p className={styles.hint}>
        A stop can be on view between two dates (set them on the stop). The dates are days in the
        guide’s time zone.
      </p>
      <SelectField
        label="Time zone"
        data-path="$.guide.time_zone"
        value={guide.time_zone ?? ''}
        error={err('$.guide.time_zone')}
        onChange={(e) => set({ time_zone: e.currentTarget.value || undefined })}
      >
        <option value="">UTC</option>
        {list.map((z) => (
          <option key={z} value={z}>
            {z.replaceAll('_', ' ')}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Outside its dates, a stop is"
        data-path="$.guide.outside_dates"
        value={guide.outside_dates ?? 'hide'}
        error={err('$.guide.outside_dates')}
        hint="Either way its own link (a sign’s) opens it and says when it is on view. A stop shown outside its dates keeps its photo but plays nothing as visitors pass."

        onChange={(e) => set({ outside_dates: e.currentTarget.value as Guide['outside_dates'] })}
      >
        <option value="hide">Hidden from visitors</option>
        <option value="mark">Shown with its dates</option>
      </SelectField>
      {dated && (
        <div className={styles.seasonView}>
          <TextField
            label="See the guide on"
            type="date"
            value={shown}
            note="The preview shows the guide as it stands that day."
            onChange={(e) => onDay(e.currentTarget.value || null)}
          />
          <p role="status" className={styles.seasonCount}>
            {formatDay(shown)}
            {shown === today ? ' (today)' : ''}: {onView} of {stops.length}{' '}
            {stops.length === 1 ? 'stop' : 'stops'} on view.
          </p>
          {day && day !== today && (
            <button type="button" className={styles.linkButton} onClick={() => onDay(null)}>
              Back to today
            </button>
          )}
          <p id="season-changes" className={styles.seasonTitle}>
            In the next 30 days
          </p>
          {changes.length === 0 ? (
            <p className={styles.hint}>Nothing arrives or leaves.</p>
          ) : (
            <ul className={styles.seasonChanges} aria-labelledby="season-changes">
              {changes.map((c) => (
                <li key={`${c.index}-${c.change}`}>
                  <strong>{formatDay(c.day)}</strong>:{' '}
                  {draftStopName(stops[c.index]!, c.index, languages)}{' '}
                  {c.change === 'arrives' ? 'goes on view' : 'leaves'}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  );
}
