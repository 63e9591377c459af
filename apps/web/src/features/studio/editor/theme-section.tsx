import { useId, useState } from 'react';
import { Link } from 'react-router';
import { isBuiltInTheme } from '@earshot/core';
import type { DraftEditorProps } from './draft-props';
import { problemsIn } from './fields';
import styles from './editor.module.css';

type Theme = NonNullable<DraftEditorProps['draft']['guide']['theme']>;

/**
 * The guide's theme by name (SPEC §3): none (the app's colours), a built-in (clown, mono), or
 * a theme made in the theme editor and pasted here as JSON; its problems are shown here.
 */
export function ThemeSection({ draft, onChange, problems }: DraftEditorProps) {
  const id = useId();
  const theme = draft.guide.theme;
  const custom = theme && !isBuiltInTheme(theme.name) ? theme.name : null;
  const choice = !theme ? 'none' : custom ? 'custom' : theme.name;
  const [json, setJson] = useState('');
  const [jsonError, setJsonError] = useState('');
  const setTheme = (next: Theme | undefined) => {
    const guide = { ...draft.guide };
    if (next) guide.theme = next;
    else delete guide.theme;
    onChange({ ...draft, guide });
  };
  const messages = problemsIn(problems, '$.guide.theme');
  const paste = () => {
    try {
      const parsed = JSON.parse(json) as unknown;
      if (!parsed || typeof parsed !== 'object' || typeof (parsed as Theme).name !== 'string')
        throw new Error('not a theme');
      setTheme(parsed as Theme);
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
          The colours and styles of the guide’s screens. Design one in the{' '}
          <Link to="/theme">theme editor</Link> and paste its JSON below.
        </p>
        <div className={styles.choices} role="radiogroup" aria-label="Theme">
          {[
            ['none', 'None', 'The app’s own colours'],
            ['clown', 'Clown', 'Built-in: bold and playful'],
            ['mono', 'Mono', 'Built-in: greys only'],
            ...(custom ? [['custom', custom, 'Your theme']] : []),
          ].map(([value, name, note]) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name={`${id}-theme`}
                value={value}
                checked={choice === value}
                onChange={() => {
                  if (value === 'none') setTheme(undefined);
                  else if (value === 'clown' || value === 'mono') setTheme({ name: value });
                }}
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
        <div className={styles.field}>
          <label htmlFor={`${id}-json`} className={styles.label}>
            Paste a theme (JSON)
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
      </fieldset>
    </div>
  );
}
