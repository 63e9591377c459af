import {
  DARK_PREFIX,
  DEFAULT_THEME_COLORS,
  THEME_COLOR_TOKENS,
  type ContrastWarning,
} from '@earshot/core';
import { colorInputValue } from './color-input';
import styles from './theme-fields.module.css';

type Props = {
  mode: 'light' | 'dark';
  colors: Record<string, string>;
  problems: Map<string, string>;
  warnings: ContrastWarning[];
  onChange: (key: string, value: string) => void;
};

/** One mode's colours: a colour picker and a text field per token, both labelled. */
export function ColorFields({ mode, colors, problems, warnings, onChange }: Props) {
  const prefix = mode === 'dark' ? DARK_PREFIX : '';
  const low = warnings.filter((w) => w.mode === mode);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>
        {mode === 'dark' ? 'Dark mode colours' : 'Light mode colours'}
      </legend>
      {low.length > 0 && (
        <div className={styles.warning} role="status">
          <strong>Low contrast</strong>
          <ul>
            {low.map((w) => (
              <li key={`${w.fg}/${w.bg}`}>
                {w.fg} on {w.bg}: {w.ratio.toFixed(2)}:1, below WCAG AA (4.5:1)
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.colors}>
        {THEME_COLOR_TOKENS.map((token) => {
          const key = prefix + token;
          const id = `color-${key}`;
          const problem = problems.get(`colors.${key}`);
          const fallback = DEFAULT_THEME_COLORS[mode][token];
          const lowHere = low.some((w) => w.fg === token || w.bg === token);
          return (
            <div key={key} className={styles.colorRow}>
              <input
                type="color"
                className={styles.swatch}
                aria-label={`${key} colour picker`}
                value={colorInputValue(colors[key], fallback)}
                onChange={(e) => onChange(key, e.target.value)}
              />
              <label htmlFor={id} className={styles.colorLabel}>
                {key}
              </label>
              <input
                id={id}
                className={styles.input}
                value={colors[key] ?? ''}
                placeholder={fallback}
                spellCheck={false}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : undefined}
                data-low-contrast={lowHere || undefined}
                onChange={(e) => onChange(key, e.target.value)}
              />
              {problem && (
                <p id={`${id}-problem`} className={styles.problem}>
                  {problem}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
