import { useState } from 'react';
import type { ThemeData } from '@earshot/core';
import buttons from '../../../shared/ui/button.module.css';
import styles from './theme-editor.module.css';

/** The theme as a bundle's `guide.theme` takes it, to copy or download. */
export function ThemeOutput({ theme, skipped }: { theme: ThemeData; skipped: number }) {
  const [note, setNote] = useState('');
  const json = JSON.stringify(theme, null, 2);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      setNote('Theme JSON copied.');
    } catch {
      setNote('Copying was refused by the browser: select the text and copy it.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([json + '\n'], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${theme.name || 'theme'}.theme.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setNote('Theme JSON downloaded.');
  };
  return (
    <section className={styles.group} aria-labelledby="theme-json-title">
      <h2 id="theme-json-title" className={styles.legend}>
        Theme JSON
      </h2>
      <p className={styles.hint}>
        The value of <code>guide.theme</code> in a bundle&apos;s guide.json.
        {skipped > 0 &&
          ` ${skipped} ${skipped === 1 ? 'entry has a problem and is' : 'entries have problems and are'} left out.`}
      </p>
      <label htmlFor="theme-json" className="visually-hidden">
        Theme JSON
      </label>
      <textarea id="theme-json" className={styles.json} readOnly value={json} rows={10} />
      <div className={styles.actions}>
        <button type="button" className={buttons.button} onClick={() => void copy()}>
          Copy JSON
        </button>
        <button
          type="button"
          className={`${buttons.button} ${buttons.secondary}`}
          onClick={download}
        >
          Download JSON
        </button>
      </div>
      <p className={styles.note} role="status">
        {note}
      </p>
    </section>
  );
}
