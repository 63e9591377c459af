import type { DraftProblem } from '@earshot/core';
import { TextField } from '../../../shared/ui/text-field';
import { moveItem, removeItem, replaceItem } from '../lib/list-edit';
import { pathId } from '../lib/sections';
import { messageAt } from '../ui/fields';
import { ListProblems } from './fields';
import styles from './editor.module.css';

type Language = { code: string; label: string };

/**
 * The guide's languages: the first is the default; each can be renamed, moved up or down,
 * removed, and a new one added. Every stop needs its text in each of them (the importer's rule).
 */
export function LanguagesField({
  languages,
  onChange,
  problems,
}: {
  languages: Language[];
  onChange: (next: Language[]) => void;
  problems: DraftProblem[];
}) {
  const listProblems = problems.filter((p) => p.path === '$.guide.languages').map((p) => p.message);
  return (
    <fieldset className={styles.group} data-path="$.guide.languages">
      <legend className={styles.legend}>Languages</legend>
      <p className={styles.hint}>The first language is the one visitors see first.</p>
      <ListProblems id={pathId('$.guide.languages')} messages={listProblems} />
      <ol className={styles.rows}>
        {languages.map((l, i) => {
          const at = `$.guide.languages[${i}]`;
          return (
            <li key={i} className={styles.row}>
              <div className={styles.rowFields}>
                <TextField
                  label="Code"
                  value={l.code}
                  data-path={`${at}.code`}
                  error={messageAt(problems, `${at}.code`)}
                  autoCapitalize="none"
                  onChange={(e) =>
                    onChange(replaceItem(languages, i, { ...l, code: e.target.value }))
                  }
                />
                <TextField
                  label="Name"
                  value={l.label}
                  data-path={`${at}.label`}
                  error={messageAt(problems, `${at}.label`)}
                  onChange={(e) =>
                    onChange(replaceItem(languages, i, { ...l, label: e.target.value }))
                  }
                />
              </div>
              <RowActions
                name={l.label || l.code || `language ${i + 1}`}
                index={i}
                count={languages.length}
                onMove={(to) => onChange(moveItem(languages, i, to))}
                onRemove={() => onChange(removeItem(languages, i))}
              />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className={styles.addButton}
        onClick={() => onChange([...languages, { code: '', label: '' }])}
      >
        Add a language
      </button>
    </fieldset>
  );
}

/** Move up, move down and remove for one row of a list, named for a screen reader. */
export function RowActions({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <div className={styles.rowActions}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <span aria-hidden="true">↑</span>
      </button>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <span aria-hidden="true">↓</span>
      </button>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={`Remove ${name}`}
        onClick={onRemove}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}
