import { useId, useState } from 'react';
import { BUILT_IN_THEMES, isBuiltInTheme, type ThemeData } from '@earshot/core';
import { usePreferences } from '../../../shared/lib/preferences';
import { PressedChoice } from '../../../shared/ui/pressed-choice';
import { ThemeFields } from '../../../shared/theme-fields/theme-fields';
import { ThemePreview } from '../../../shared/theme-fields/theme-preview';
import type { DraftEditorProps } from './draft-props';
import { problemsIn } from './fields';
import styles from './editor.module.css';

type Theme = NonNullable<DraftEditorProps['draft']['guide']['theme']>;

const MODES = [
  ['light', 'Light'],
  ['dark', 'Dark'],
] as const;

/** The draft's theme as the theme editor's fields hold one (the bundle may leave parts out). */
const asThemeData = (t: Theme): ThemeData => ({
  ...t,
  colors: t.colors ?? {},
  classes: t.classes ?? {},
});

/**
 * The guide's theme (SPEC §3): none (the app's colours), a built-in (clown, mono), or its own,
 * edited here with the theme editor's fields (colours per mode, class rules, their problems
 * and contrast at each field) beside the guide screen's pieces in it; or a theme's JSON pasted.
 */
export function ThemeSection({ draft, onChange, problems, guideToken }: DraftEditorProps) {
  const id = useId();
  const theme = draft.guide.theme;
  const custom = theme && !isBuiltInTheme(theme.name) ? asThemeData(theme) : null;
  const choice = !theme ? 'none' : custom ? 'custom' : theme.name;
  // A theme put in whole (a choice, a paste) is a new one for the fields to start from.
  const [replaced, setReplaced] = useState(0);
  // The preview shows the app's mode until the publisher picks one.
  const appDark = usePreferences((p) => p.dark);
  const [picked, setMode] = useState<'light' | 'dark' | null>(null);
  const mode = picked ?? (appDark ? 'dark' : 'light');
  const [json, setJson] = useState('');
  const [jsonError, setJsonError] = useState('');
  const setTheme = (next: Theme | undefined) => {
    const guide = { ...draft.guide };
    if (next) guide.theme = next;
    else delete guide.theme;
    onChange({ ...draft, guide });
  };
  const replace = (next: Theme | undefined) => {
    setTheme(next);
    setReplaced((n) => n + 1);
  };
  const choose = (value: string) => {
    if (value === 'none') replace(undefined);
    else if (value === 'clown' || value === 'mono') replace({ name: value });
    else if (value === 'custom' && !custom) {
      // Its own theme starts from the look the guide has now: a built-in's colours, or the app's.
      const from = theme && isBuiltInTheme(theme.name) ? BUILT_IN_THEMES[theme.name] : null;
      replace({
        name: guideToken.slice(0, 60),
        colors: { ...from?.colors, ...theme?.colors },
        classes: { ...from?.classes, ...theme?.classes },
      });
    }
  };
  const messages = problemsIn(problems, '$.guide.theme');
  const paste = () => {
    try {
      const parsed = JSON.parse(json) as unknown;
      if (!parsed || typeof parsed !== 'object' || typeof (parsed as Theme).name !== 'string')
        throw new Error('not a theme');
      replace(parsed as Theme);
      setJson('');
      setJsonError('');
    } catch {
      setJsonError('That is not a theme’s JSON: copy it from the theme editor’s output.');
    }
  };
  return (
    <div className={styles.sectionBody}>
      <fieldset className={styles.group} data-path="$.guide.theme">
        <legend className={styles.legend}>Theme</legend>
        <p className={styles.hint}>
          The colours and styles of the guide’s screens: the app’s own, a built-in, or the guide’s
          own, made here.
        </p>
        <div className={styles.choices} role="radiogroup" aria-label="Theme">
          {[
            ['none', 'None', 'The app’s own colours'],
            ['clown', 'Clown', 'Built-in: bold and playful'],
            ['mono', 'Mono', 'Built-in: greys only'],
            ['custom', 'Its own', custom ? `“${custom.name}”` : 'Colours and styles you choose'],
          ].map(([value, name, note]) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name={`${id}-theme`}
                value={value}
                checked={choice === value}
                onChange={() => choose(value!)}
              />
              <span>
                <span className={styles.checkLabel}>{name}</span>
                <span className={styles.hint}>{note}</span>
              </span>
            </label>
          ))}
        </div>
        {messages.length > 0 && (
          <ul className={styles.listProblems} id={`${id}-problems`}>
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </fieldset>
      {custom && (
        <div className={styles.themeEditor}>
          <div className={styles.themeFields}>
            <ThemeFields key={replaced} theme={custom} onChange={setTheme} />
          </div>
          <section className={styles.themePreview} aria-label="The guide in this theme">
            <PressedChoice label="Preview mode" options={MODES} value={mode} onChange={setMode} />
            <ThemePreview theme={custom} mode={mode} />
          </section>
        </div>
      )}
      <details className={styles.group}>
        <summary className={styles.label}>Paste a theme’s JSON</summary>
        <div className={styles.field}>
          <label htmlFor={`${id}-json`} className={styles.label}>
            A theme (JSON) from the theme editor or a bundle
          </label>
          <textarea
            id={`${id}-json`}
            className={styles.textarea}
            rows={4}
            value={json}
            spellCheck={false}
            aria-invalid={jsonError ? true : undefined}
            aria-describedby={jsonError ? `${id}-json-error` : undefined}
            onChange={(e) => setJson(e.target.value)}
          />
          {jsonError && (
            <p id={`${id}-json-error`} className={styles.error}>
              {jsonError}
            </p>
          )}
          <button
            type="button"
            className={styles.addButton}
            disabled={!json.trim()}
            onClick={paste}
          >
            Use this theme
          </button>
        </div>
      </details>
    </div>
  );
}
