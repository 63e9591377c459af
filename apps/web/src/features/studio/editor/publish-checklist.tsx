import { useState } from 'react';
import { checklistByLanguage, type ChecklistItem } from '@earshot/core';
import styles from './editor.module.css';

/** How many items a group shows before "Show all". */
const SHOWN = 8;

/**
 * The publish checklist (core publishChecklist): what visitors would miss, by language and
 * then what every language shares, each item a link to its field. Warnings only: publishing
 * past them is the publisher's choice.
 */
export function PublishChecklist({
  items,
  languages,
  onFocusProblem,
}: {
  items: readonly ChecklistItem[];
  /** The guide's languages, code and label, in its order. */
  languages: readonly { code: string; label: string }[];
  onFocusProblem: (path: string) => void;
}) {
  const groups = checklistByLanguage(
    items,
    languages.map((l) => l.code),
  );
  const several = languages.length > 1;
  const heading = (language: string | null) =>
    language === null
      ? several
        ? 'Every language'
        : 'Pictures, codes and places'
      : (languages.find((l) => l.code === language)?.label ?? language);
  return (
    <section className={styles.group} aria-labelledby="checklist-title">
      <h2 id="checklist-title" className={styles.legend}>
        Before you publish
      </h2>
      {items.length === 0 ? (
        <p className={styles.checklistDone}>
          Every stop has its audio, transcript, description and pictures with alt text.
        </p>
      ) : (
        <>
          <p className={styles.hint}>
            {items.length === 1
              ? '1 thing visitors would miss.'
              : `${items.length} things visitors would miss.`}{' '}
            You can publish with them; each link opens its field.
          </p>
          {groups.map((g) => (
            <ChecklistGroup
              key={g.language ?? '*'}
              title={several || g.language === null ? heading(g.language) : 'Texts and audio'}
              items={g.items}
              onFocusProblem={onFocusProblem}
            />
          ))}
        </>
      )}
    </section>
  );
}

function ChecklistGroup({
  title,
  items,
  onFocusProblem,
}: {
  title: string;
  items: readonly ChecklistItem[];
  onFocusProblem: (path: string) => void;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, SHOWN);
  return (
    <div className={styles.checklistGroup}>
      <h3 className={styles.checklistTitle}>
        {title} <span className={styles.checklistCount}>{items.length}</span>
      </h3>
      <ul className={styles.problemLinks}>
        {shown.map((it, i) => (
          <li key={`${i}-${it.kind}`}>
            <a
              href={`#${encodeURIComponent(it.path)}`}
              onClick={(e) => {
                e.preventDefault();
                onFocusProblem(it.path);
              }}
            >
              {it.message}
            </a>
          </li>
        ))}
      </ul>
      {items.length > SHOWN && (
        <button type="button" className={styles.linkButton} onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${items.length}`}
        </button>
      )}
    </div>
  );
}
