import { useMemo } from 'react';
import { transcriptParagraphs } from '@earshot/core';
import styles from './poi-detail-content.module.css';

/** What the stop's audio says, in the visit language (WCAG 1.2.1), as readable paragraphs. */
export function PoiTranscript({
  transcript,
  language,
}: {
  transcript: string | null | undefined;
  language: string | null;
}) {
  const paragraphs = useMemo(() => transcriptParagraphs(transcript), [transcript]);
  if (!paragraphs.length) return <p className={styles.muted}>No transcript for this stop yet.</p>;
  return (
    <div className={styles.prose} lang={language ?? undefined}>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
