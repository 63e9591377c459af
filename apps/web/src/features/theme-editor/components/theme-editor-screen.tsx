import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  BUILT_IN_THEMES,
  EMPTY_THEME,
  sanitizeTheme,
  themeProblems,
  type ThemeData,
} from '@earshot/core';
import { usePreferences } from '../../../shared/lib/preferences';
import { PressedChoice } from '../../../shared/ui/pressed-choice';
import { guideThemeQueryOptions } from '../../../shared/theme/get-guide-theme';
import { useGuideNames } from '../api/get-guides';
import { ThemeFields } from '../../../shared/theme-fields/theme-fields';
import { ThemeOutput } from './theme-output';
import { ThemePreview } from '../../../shared/theme-fields/theme-preview';
import styles from './theme-editor.module.css';

/**
 * /theme (SPEC §2 test tools): a theme editor for publishers. Start from the app's colours, a
 * built-in or a guide's theme; edit colours and class rules with the same rules the importer
 * keeps shown at their fields; see the guide screen's pieces restyled live; copy or download
 * the JSON for a bundle.
 */
const MODES = [
  ['light', 'Light'],
  ['dark', 'Dark'],
] as const;

export function ThemeEditorScreen() {
  const queryClient = useQueryClient();
  const guides = useGuideNames();
  const [source, setSource] = useState('app');
  const [loadNote, setLoadNote] = useState('');
  const [theme, setTheme] = useState<ThemeData>({ ...EMPTY_THEME, name: 'my-brand' });
  // A theme loaded from a starting point is a new one to edit: its fields start again.
  const [loaded, setLoaded] = useState(0);
  // The preview shows the app's mode until the publisher picks one.
  const appDark = usePreferences((p) => p.dark);
  const [picked, setMode] = useState<'light' | 'dark' | null>(null);
  const mode = picked ?? (appDark ? 'dark' : 'light');

  const problems = useMemo(() => themeProblems(theme), [theme]);
  const clean = useMemo(() => sanitizeTheme(theme).theme, [theme]);

  const load = (t: ThemeData) => {
    setTheme({ ...t, colors: { ...t.colors }, classes: { ...t.classes } });
    setLoaded((n) => n + 1);
  };
  const pick = async (value: string) => {
    setSource(value);
    setLoadNote('');
    if (value === 'app') return load({ ...EMPTY_THEME, name: 'my-brand' });
    if (value === 'clown' || value === 'mono') return load(BUILT_IN_THEMES[value]);
    try {
      load(await queryClient.fetchQuery(guideThemeQueryOptions(value.slice('guide:'.length))));
    } catch {
      setLoadNote('That guide’s theme did not load. Check your connection and try again.');
    }
  };

  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h1 className={styles.title}>Theme editor</h1>
        <p className={styles.lead}>
          Brand a guide: pick a starting point, change its colours and class rules, and watch the
          guide screen follow. Copy the JSON into the bundle&apos;s <code>guide.theme</code>.
        </p>
      </header>
      <div className={styles.layout}>
        <div className={styles.form}>
          <div className={styles.group}>
            <label htmlFor="theme-source" className={styles.fieldLabel}>
              Start from
            </label>
            <select
              id="theme-source"
              className={styles.input}
              value={source}
              onChange={(e) => void pick(e.target.value)}
            >
              <option value="app">The app&apos;s own colours</option>
              <optgroup label="Built-in themes">
                <option value="clown">clown</option>
                <option value="mono">mono</option>
              </optgroup>
              {guides.data && guides.data.length > 0 && (
                <optgroup label="A guide's theme">
                  {guides.data.map((g) => (
                    <option key={g.token} value={`guide:${g.token}`}>
                      {g.title}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
            {loadNote && (
              <p className={styles.problem} role="alert">
                {loadNote}
              </p>
            )}
          </div>
          <ThemeFields key={loaded} theme={theme} onChange={setTheme} />
          <ThemeOutput theme={clean} skipped={problems.length} />
        </div>
        <aside className={styles.side} aria-label="Preview">
          <PressedChoice
            className={styles.modes}
            label="Preview mode"
            options={MODES}
            value={mode}
            onChange={setMode}
          />
          <ThemePreview theme={theme} mode={mode} />
        </aside>
      </div>
    </div>
  );
}
