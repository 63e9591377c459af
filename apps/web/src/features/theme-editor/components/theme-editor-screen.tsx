import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  BUILT_IN_THEMES,
  EMPTY_THEME,
  jsonPath,
  resolveTheme,
  sanitizeTheme,
  themeContrastWarnings,
  themeProblems,
  type ThemeData,
} from '@earshot/core';
import { usePreferences } from '../../../shared/lib/preferences';
import { PressedChoice } from '../../../shared/ui/pressed-choice';
import { guideThemeQueryOptions } from '../../../shared/theme/get-guide-theme';
import { useGuideNames } from '../api/get-guides';
import { ClassRules, fromRuleRows, toRuleRows, type RuleRow } from './class-rules';
import { ColorFields } from './color-fields';
import { ThemeOutput } from './theme-output';
import { ThemePreview } from './theme-preview';
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
  const [name, setName] = useState('my-brand');
  const [clientId, setClientId] = useState('');
  const [colors, setColors] = useState<Record<string, string>>({});
  const [rules, setRules] = useState<RuleRow[]>([]);
  // The preview shows the app's mode until the publisher picks one.
  const appDark = usePreferences((p) => p.dark);
  const [picked, setMode] = useState<'light' | 'dark' | null>(null);
  const mode = picked ?? (appDark ? 'dark' : 'light');

  const theme = useMemo<ThemeData>(() => {
    const t: ThemeData = { name, colors, classes: fromRuleRows(rules) };
    if (clientId) t.client_id = clientId;
    return t;
  }, [name, clientId, colors, rules]);
  const problems = useMemo(() => themeProblems(theme), [theme]);
  const byPath = useMemo(
    () => new Map(problems.map((p) => [jsonPath(p.path), p.message])),
    [problems],
  );
  const clean = useMemo(() => sanitizeTheme(theme).theme, [theme]);
  const warnings = useMemo(() => themeContrastWarnings(resolveTheme(clean).colors), [clean]);

  const load = (t: ThemeData) => {
    setName(t.name);
    setClientId(t.client_id ?? '');
    setColors({ ...t.colors });
    setRules(toRuleRows(t.classes));
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
  const setColor = (key: string, value: string) =>
    setColors((c) => {
      const next = { ...c };
      if (value === '') delete next[key];
      else next[key] = value;
      return next;
    });
  const problemsFor = (selector: string) => {
    const at = jsonPath(['classes', selector]);
    return {
      selector: byPath.get(at),
      properties: problems
        .filter((p) => p.path.length === 3 && p.path[1] === selector)
        .map((p) => `${p.path[2]}: ${p.message}`),
    };
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
            <div className={styles.pair}>
              <div>
                <label htmlFor="theme-name" className={styles.fieldLabel}>
                  Name
                </label>
                <input
                  id="theme-name"
                  className={styles.input}
                  value={name}
                  aria-invalid={byPath.has('name') || undefined}
                  aria-describedby={byPath.has('name') ? 'theme-name-problem' : undefined}
                  onChange={(e) => setName(e.target.value)}
                />
                {byPath.has('name') && (
                  <p id="theme-name-problem" className={styles.problem}>
                    {byPath.get('name')}
                  </p>
                )}
              </div>
              <div>
                <label htmlFor="theme-client" className={styles.fieldLabel}>
                  Client id (optional)
                </label>
                <input
                  id="theme-client"
                  className={styles.input}
                  value={clientId}
                  aria-invalid={byPath.has('client_id') || undefined}
                  aria-describedby={byPath.has('client_id') ? 'theme-client-problem' : undefined}
                  onChange={(e) => setClientId(e.target.value)}
                />
                {byPath.has('client_id') && (
                  <p id="theme-client-problem" className={styles.problem}>
                    {byPath.get('client_id')}
                  </p>
                )}
              </div>
            </div>
          </div>
          {(['light', 'dark'] as const).map((m) => (
            <ColorFields
              key={m}
              mode={m}
              colors={colors}
              problems={byPath}
              warnings={warnings}
              onChange={setColor}
            />
          ))}
          <ClassRules rules={rules} problemsFor={problemsFor} onChange={setRules} />
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
