import { useState, type FormEvent } from 'react';
import {
  INSIGHTS_PRESETS,
  isDay,
  presetRange,
  rangeNotTooLong,
  type InsightsRange,
} from '@earshot/core';
import { languageName } from './language-name';
import styles from './insights.module.css';

/**
 * The dashboard's period and language: the last 7, 30 or 90 days, or any from/to (local
 * days); the previous period, the same number of days before, is compared with it.
 */
export function RangeControls({
  today,
  range,
  language,
  languages,
  onRange,
  onLanguage,
}: {
  today: string;
  range: InsightsRange;
  language: string | null;
  languages: string[];
  onRange: (r: InsightsRange) => void;
  onLanguage: (l: string | null) => void;
}) {
  const [custom, setCustom] = useState(range.preset === null);
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState('');

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!isDay(from) || !isDay(to)) return setError('Enter both days.');
    if (from > to) return setError('The first day must not be after the last.');
    if (!rangeNotTooLong(from, to)) return setError('Choose at most two years.');
    setError('');
    onRange({ from, to, preset: null });
  };

  // A language chosen in the URL stays listed even when this period has no event in it.
  const choices = language && !languages.includes(language) ? [...languages, language] : languages;
  return (
    <div className={styles.controls}>
      <div className={styles.presets} role="group" aria-label="Period">
        {INSIGHTS_PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className={styles.chip}
            aria-pressed={!custom && range.preset === days}
            onClick={() => {
              setCustom(false);
              onRange(presetRange(days, today));
            }}
          >
            Last {days} days
          </button>
        ))}
        <button
          type="button"
          className={styles.chip}
          aria-pressed={custom}
          aria-expanded={custom}
          aria-controls="insights-custom-range"
          onClick={() => {
            setFrom(range.from);
            setTo(range.to);
            setCustom(true);
          }}
        >
          Custom
        </button>
      </div>
      <label className={styles.language}>
        <span>Language</span>
        <select
          className={styles.select}
          value={language ?? ''}
          onChange={(e) => onLanguage(e.target.value || null)}
        >
          <option value="">All languages</option>
          {choices.map((l) => (
            <option key={l} value={l}>
              {languageName(l)}
            </option>
          ))}
        </select>
      </label>
      {custom && (
        <form id="insights-custom-range" className={styles.custom} onSubmit={apply} noValidate>
          <label>
            <span>From</span>
            <input
              type="date"
              className={styles.select}
              value={from}
              max={today}
              onChange={(e) => setFrom(e.target.value)}
            />
          </label>
          <label>
            <span>To</span>
            <input
              type="date"
              className={styles.select}
              value={to}
              max={today}
              onChange={(e) => setTo(e.target.value)}
            />
          </label>
          <button type="submit" className={styles.apply}>
            Show
          </button>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
