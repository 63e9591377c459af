import { THEME_HOOK_CLASSES } from '@earshot/core';
import buttons from '../ui/button.module.css';
import { declarationsToText, textToDeclarations } from './declarations';
import styles from './theme-fields.module.css';

export type RuleRow = { id: number; selector: string; text: string };

type Props = {
  rules: RuleRow[];
  /** Problem texts by path (`classes[".es-card"]`, `classes[".es-card"].color`). */
  problemsFor: (selector: string) => { selector?: string; properties: string[] };
  onChange: (rules: RuleRow[]) => void;
};

let nextId = 1000;
export const toRuleRows = (classes: Record<string, Record<string, string>>): RuleRow[] =>
  Object.entries(classes).map(([selector, d]) => ({
    id: nextId++,
    selector,
    text: declarationsToText(d),
  }));
export const fromRuleRows = (rows: RuleRow[]) =>
  Object.fromEntries(
    rows
      .filter((r) => r.selector.trim())
      .map((r) => [r.selector.trim(), textToDeclarations(r.text)]),
  );

/** The theme's class rules: a selector and its `property: value` lines each, problems beside them. */
export function ClassRules({ rules, problemsFor, onChange }: Props) {
  const update = (id: number, change: Partial<RuleRow>) =>
    onChange(rules.map((r) => (r.id === id ? { ...r, ...change } : r)));
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Class rules</legend>
      <p className={styles.hint}>
        Hook classes: {THEME_HOOK_CLASSES.map((c) => `.${c}`).join(', ')}. One{' '}
        <code>property: value</code> a line.
      </p>
      {rules.map((rule, i) => {
        const p = problemsFor(rule.selector.trim());
        const id = `rule-${rule.id}`;
        return (
          <div key={rule.id} className={styles.rule}>
            <label htmlFor={`${id}-selector`} className={styles.fieldLabel}>
              Selector {i + 1}
            </label>
            <input
              id={`${id}-selector`}
              className={styles.input}
              value={rule.selector}
              spellCheck={false}
              aria-invalid={p.selector ? true : undefined}
              aria-describedby={p.selector ? `${id}-selector-problem` : undefined}
              onChange={(e) => update(rule.id, { selector: e.target.value })}
            />
            {p.selector && (
              <p id={`${id}-selector-problem`} className={styles.problem}>
                {p.selector}
              </p>
            )}
            <label htmlFor={`${id}-text`} className={styles.fieldLabel}>
              Properties of selector {i + 1}
            </label>
            <textarea
              id={`${id}-text`}
              className={styles.textarea}
              value={rule.text}
              rows={Math.max(2, rule.text.split('\n').length)}
              spellCheck={false}
              aria-invalid={p.properties.length ? true : undefined}
              aria-describedby={p.properties.length ? `${id}-text-problem` : undefined}
              onChange={(e) => update(rule.id, { text: e.target.value })}
            />
            {p.properties.length > 0 && (
              <ul id={`${id}-text-problem`} className={styles.problem}>
                {p.properties.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
            <button
              type="button"
              className={`${buttons.button} ${buttons.secondary} ${buttons.small}`}
              onClick={() => onChange(rules.filter((r) => r.id !== rule.id))}
            >
              Remove selector {i + 1}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className={`${buttons.button} ${buttons.secondary} ${buttons.small}`}
        onClick={() =>
          onChange([...rules, { id: nextId++, selector: '.es-card', text: 'border-radius: 12px' }])
        }
      >
        Add a class rule
      </button>
    </fieldset>
  );
}
