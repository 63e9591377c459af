import type { DraftEditorProps } from '../editor/draft-props';

/** The guide's badges and scavenger hunts (issue 19 point 6). */
export function ParticipationEditor({ draft }: DraftEditorProps) {
  return (
    <section aria-label="Badges and hunts">
      <p>
        {draft.badges?.length ?? 0} badges, {draft.hunts?.length ?? 0} hunts
      </p>
    </section>
  );
}
