import { useState } from 'react';
import { formatNamedPoints, type NamedPoint } from '@earshot/core';
import buttons from '../../../shared/ui/button.module.css';
import styles from './landmark-picker.module.css';

/** The named points' pixel coordinates as a table, and as text to copy in one go. */
export function LandmarkList({
  points,
  width,
  height,
}: {
  points: NamedPoint[];
  width: number;
  height: number;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const text = formatNamedPoints(points);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      // No clipboard here (permission or an insecure page): select the text to copy by hand.
      const el = document.getElementById('landmark-text');
      if (el) getSelection()?.selectAllChildren(el);
      setCopied('failed');
    }
  };
  return (
    <section className={styles.results} aria-labelledby="landmark-heading">
      <div className={styles.resultsHead}>
        <h2 id="landmark-heading">Named points</h2>
        <span className={styles.size}>
          {width} × {height} px
        </span>
      </div>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Point</th>
            <th scope="col">Index</th>
            <th scope="col">x</th>
            <th scope="col">y</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.key} data-key={p.key}>
              <th scope="row">{p.name}</th>
              <td>{p.key}</td>
              <td data-axis="x">{Math.round(p.x)}</td>
              <td data-axis="y">{Math.round(p.y)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <pre id="landmark-text" className={styles.text} data-testid="landmark-text">
        {text}
      </pre>
      <button type="button" className={buttons.button} onClick={() => void copy()}>
        Copy coordinates
      </button>
      <p role="status" className={styles.copied}>
        {copied === 'yes'
          ? 'Coordinates copied to the clipboard.'
          : copied === 'failed'
            ? 'Copying is blocked here: the text above is selected, copy it with your keyboard.'
            : ''}
      </p>
    </section>
  );
}
