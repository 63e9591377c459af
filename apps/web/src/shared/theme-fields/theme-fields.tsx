import { useId, useMemo, useState } from 'react';
import {
  jsonPath,
  resolveTheme,
  sanitizeTheme,
  themeContrastWarnings,
  themeProblems,
  type ThemeData,
} from '@earshot/core';
import { ClassRules, fromRuleRows, toRuleRows, type RuleRow } from './class-rules';
import { ColorFields } from './color-fields';
import styles from './theme-fields.module.css';

/**
 * A theme's fields: its name and client id, each mode's colours and its class rules, with the
 * importer's rules shown at each field (themeProblems) and the colours' WCAG contrast. The
 * /theme screen and the studio's Theme section edit a theme with it. It follows `theme`,
 * except for the class rules' rows (a selector being typed is no rule yet), which are its own:
 * a theme from elsewhere to edit is a new instance (a `key`).
 */
export function ThemeFields({
  theme,
  onChange,
}: {
  theme: ThemeData;
  onChange: (theme: ThemeData) => void;
}) {
  const id = useId();
  const [rules, setRules] = useState<RuleRow[]>(() => toRuleRows(theme.classes));
  const problems = useMemo(() => themeProblems(theme), [theme]);
  const byPath = useMemo(
    () => new Map(problems.map((p) => [jsonPath(p.path), p.message])),
    [problems],
  );
  const warnings = useMemo(
    () => themeContrastWarnings(resolveTheme(sanitizeTheme(theme).theme).colors),
    [theme],
  );

  const setColor = (key: string, value: string) => {
    const colors = { ...theme.colors };
    if (value === '') delete colors[key];
    else colors[key] = value;
    onChange({ ...theme, colors });
  };
  const setClientId = (value: string) => {
    const next: ThemeData = { name: theme.name, colors: theme.colors, classes: theme.classes };
    onChange(value ? { ...next, client_id: value } : next);
  };
  const changeRules = (rows: RuleRow[]) => {
    setRules(rows);
    onChange({ ...theme, classes: fromRuleRows(rows) });
  };
  const problemsFor = (selector: string) => ({
    selector: byPath.get(jsonPath(['classes', selector])),
    properties: problems
      .filter((p) => p.path.length === 3 && p.path[1] === selector)
      .map((p) => `${p.path[2]}: ${p.message}`),
  });
  const field = (key: 'name' | 'client_id', label: string, onValue: (v: string) => void) => {
    const problem = byPath.get(key);
    return (
      <div>
        <label htmlFor={`${id}-${key}`} className={styles.fieldLabel}>
          {label}
        </label>
        <input
          id={`${id}-${key}`}
          className={styles.input}
          value={theme[key] ?? ''}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-${key}-problem` : undefined}
          onChange={(e) => onValue(e.target.value)}
        />
        {problem && (
          <p id={`${id}-${key}-problem`} className={styles.problem}>
            {problem}
          </p>
        )}
      </div>
    );
  };

  return (
    <>
      <div className={`${styles.group} ${styles.pair}`}>
        {field('name', 'Name', (name) => onChange({ ...theme, name }))}
        {field('client_id', 'Client id (optional)', setClientId)}
      </div>
      {(['light', 'dark'] as const).map((m) => (
        <ColorFields
          key={m}
          mode={m}
          colors={theme.colors}
          problems={byPath}
          warnings={warnings}
          onChange={setColor}
        />
      ))}
      <ClassRules rules={rules} problemsFor={problemsFor} onChange={changeRules} />
    </>
  );
}
