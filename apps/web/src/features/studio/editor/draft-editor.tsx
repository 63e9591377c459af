import { useCallback, useMemo, useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { Link } from 'react-router';
import { draftProblems, type GuideBundleInput } from '@earshot/core';
import { ParticipationEditor } from '../participation/participation-editor';
import { StopsEditor } from '../stops/stops-editor';
import { findField, SECTIONS, sectionOf, type Section } from '../lib/sections';
import { ConflictDialog } from './conflict-dialog';
import { GuideSection } from './guide-section';
import { PhonePreview } from './phone-preview';
import { PublishSection } from './publish-section';
import { SaveStatus } from './save-status';
import { ThemeSection } from './theme-section';
import { useAutosave } from './use-autosave';
import { useWide } from './use-wide';
import styles from './editor.module.css';

/**
 * The whole guide on one screen: the sections (a side panel on a wide screen, tabs on a
 * phone), the section's fields or the stops' map, and beside them what the visitor will see.
 * Every change is checked with the importer's rules at once and saved as the publisher goes.
 */
export function DraftEditor({
  token,
  initial,
}: {
  token: string;
  initial: { document: GuideBundleInput; revision: number; published: boolean };
}) {
  const autosave = useAutosave(token, initial);
  const draft = autosave.document;
  const problems = useMemo(() => draftProblems(draft), [draft]);
  const [section, setSection] = useState<Section>('guide');
  const [target, setTarget] = useState<string | null>(null);
  const [previewDay, setPreviewDay] = useState<string | null>(null);
  // A guide never published has no visitors to count: its Insights link comes with the first.
  const [published, setPublished] = useState(initial.published);
  const wide = useWide(1000);
  const counts = useMemo(() => {
    const c: Partial<Record<Section, number>> = {};
    for (const p of problems) c[sectionOf(p.path)] = (c[sectionOf(p.path)] ?? 0) + 1;
    return c;
  }, [problems]);

  const focusProblem = useCallback((path: string) => {
    setTarget(path);
    setSection(sectionOf(path));
    // The section's fields are drawn on the next render.
    setTimeout(() => {
      const field = findField(document, path);
      field?.scrollIntoView({ block: 'center' });
      field?.focus();
    }, 60);
  }, []);

  const props = {
    draft,
    onChange: autosave.setDocument,
    problems,
    guideToken: token,
    target,
    previewDay,
    onPreviewDay: setPreviewDay,
  };
  return (
    <div className={styles.editor}>
      <div className={styles.head}>
        <Link className={styles.back} to="/studio">
          <span aria-hidden="true">←</span> Guides
        </Link>
        {published && (
          <Link className={styles.back} to={`/studio/guides/${encodeURIComponent(token)}/insights`}>
            Insights
          </Link>
        )}
        <h1 className={styles.heading}>{draft.guide.title || 'Untitled guide'}</h1>
        <SaveStatus state={autosave.state} />
      </div>
      <Tabs.Root
        className={styles.frame}
        value={section}
        onValueChange={(v) => setSection(v as Section)}
        orientation={wide ? 'vertical' : 'horizontal'}
      >
        <Tabs.List className={styles.sections} aria-label="Sections of the guide">
          {SECTIONS.map(([value, label]) => (
            <Tabs.Trigger key={value} value={value} className={styles.sectionTab}>
              <span>{label}</span>
              {counts[value] ? (
                <span className={styles.count}>
                  {counts[value]}
                  <span className="visually-hidden">
                    {counts[value] === 1 ? ' problem' : ' problems'}
                  </span>
                </span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className={styles.content}>
          <Tabs.Content value="guide" className={styles.panel}>
            <GuideSection {...props} />
          </Tabs.Content>
          <Tabs.Content value="stops" className={styles.panel}>
            <StopsEditor {...props} flush={autosave.flush} published={published} />
          </Tabs.Content>
          <Tabs.Content value="participation" className={styles.panel}>
            <ParticipationEditor {...props} />
          </Tabs.Content>
          <Tabs.Content value="theme" className={styles.panel}>
            <ThemeSection {...props} />
          </Tabs.Content>
          <Tabs.Content value="publish" className={styles.panel}>
            <PublishSection
              token={token}
              draft={draft}
              autosave={autosave}
              problems={problems}
              onFocusProblem={focusProblem}
              onPublished={() => setPublished(true)}
            />
          </Tabs.Content>
        </div>
        <aside className={styles.previewColumn} aria-label="Preview">
          <PhonePreview draft={draft} day={previewDay} />
        </aside>
      </Tabs.Root>
      <ConflictDialog token={token} autosave={autosave} />
    </div>
  );
}
