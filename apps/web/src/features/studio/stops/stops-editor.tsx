import { useCallback, useState } from 'react';
import {
  draftLanguages,
  moveItem,
  newStop,
  pathTarget,
  problemsAt,
  withAutoplayRadius,
  withLeaveEdge,
  roundDegrees,
  type DraftStop,
} from '@earshot/core';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import buttons from '../../../shared/ui/button.module.css';
import type { DraftEditorProps } from '../editor/draft-props';
import { SignsDialog } from '../signs/signs-dialog';
import { AddByCoordinates } from './add-by-coordinates';
import { StopForm } from './stop-form';
import { StopList } from './stop-list';
import { StopsMap } from './stops-map';
import styles from './stops-editor.module.css';

/**
 * The guide's stops (docs/studio.md Web): the map to place, move and size them, the list to
 * order them, and the chosen stop's form. Every change is a new draft handed to `onChange`.
 */
export function StopsEditor({
  draft,
  onChange,
  problems,
  guideToken,
  target,
  flush,
  published,
}: DraftEditorProps & {
  /** Saves the last edits (the signs are made from the saved draft). */
  flush: () => Promise<boolean>;
  published: boolean;
}) {
  const stops = draft.pois ?? [];
  // Opened from a link to a stop's field: on that stop.
  const [chosen, setChosen] = useState<number | null>(() => {
    const asked = pathTarget(target ?? '').stop;
    if (asked !== null && asked < stops.length) return asked;
    return stops.length ? 0 : null;
  });
  const [focus, setFocus] = useState<{ index: number; n: number } | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The sheet of signs: for every stop (null) or for one.
  const [printing, setPrinting] = useState<{ only: string | null } | null>(null);
  const selected = chosen !== null && chosen < stops.length ? chosen : null;

  const language = draftLanguages(draft.guide)[0]!;
  const title = useCallback(
    (stop: DraftStop) =>
      (stop.content[language] ?? Object.values(stop.content)[0])?.title || 'Untitled stop',
    [language],
  );
  const invalid = useCallback(
    (i: number) => problemsAt(problems, `$.pois[${i}]`).length > 0,
    [problems],
  );

  const setStops = (pois: DraftStop[]) => onChange({ ...draft, pois });
  const setStop = (i: number, stop: DraftStop) =>
    setStops(stops.map((s, j) => (j === i ? stop : s)));
  const add = (at: { lat: number; lng: number }, pan: boolean) => {
    setStops([...stops, newStop(draft, at)]);
    setChosen(stops.length);
    if (pan) setFocus({ index: stops.length, n: (focus?.n ?? 0) + 1 });
  };
  const move = (from: number, to: number) => {
    setStops(moveItem(stops, from, to));
    // The selection follows the stop it was on.
    if (selected !== null)
      setChosen(
        moveItem(
          stops.map((_, i) => i),
          from,
          to,
        ).indexOf(selected),
      );
  };
  const remove = () => {
    if (selected === null) return;
    setStops(stops.filter((_, i) => i !== selected));
    setChosen(stops.length > 1 ? Math.max(0, selected - 1) : null);
    setDeleting(false);
  };
  const listProblem = problems.find((p) => p.path === '$.pois')?.message;

  return (
    <section className={styles.editor} aria-labelledby="stops-heading">
      <div className={styles.top}>
        <div className={styles.titleRow}>
          <h2 id="stops-heading" className={styles.heading}>
            Stops <span className={styles.count}>{stops.length}</span>
          </h2>
          {stops.length > 0 && (
            <button
              type="button"
              className={`${buttons.button} ${buttons.secondary} ${buttons.small}`}
              onClick={() => setPrinting({ only: null })}
            >
              Print signs
            </button>
          )}
        </div>
        <p className={styles.lead}>
          Click the map to add a stop. Drag a pin to move it, and the dots on the chosen stop’s
          circles to change where its audio starts (filled) and can start again (dashed).
        </p>
      </div>
      <div className={styles.layout}>
        <div className={styles.mapColumn}>
          <div className={styles.map}>
            <StopsMap
              guideToken={guideToken}
              draft={draft}
              selected={selected}
              invalid={invalid}
              title={title}
              focus={focus}
              onAdd={(at) => add(at, false)}
              select={setChosen}
              move={(i, at) =>
                setStop(i, { ...stops[i]!, lat: roundDegrees(at.lat), lng: roundDegrees(at.lng) })
              }
              resize={(i, edge, m) =>
                setStop(
                  i,
                  edge === 'autoplay'
                    ? withAutoplayRadius(stops[i]!, m)
                    : withLeaveEdge(stops[i]!, draft.guide, m),
                )
              }
            />
          </div>
          <AddByCoordinates onAdd={(at) => add(at, true)} />
        </div>
        <div className={styles.listColumn}>
          {listProblem ? <p className={styles.problem}>{listProblem}</p> : null}
          {stops.length ? (
            <StopList
              stops={stops}
              selected={selected}
              title={title}
              invalid={invalid}
              onSelect={(i) => {
                setChosen(i);
                setFocus({ index: i, n: (focus?.n ?? 0) + 1 });
              }}
              onMove={move}
            />
          ) : (
            <p className={styles.empty}>
              No stops yet. Click the map where the first one is, or type its coordinates.
            </p>
          )}
        </div>
      </div>
      {selected !== null ? (
        <StopForm
          key={stops[selected]!.token}
          draft={draft}
          index={selected}
          problems={problems}
          guideToken={guideToken}
          target={target}
          heading={`Stop ${selected + 1}: ${title(stops[selected]!)}`}
          onChange={(stop) => setStop(selected, stop)}
          onDelete={() => setDeleting(true)}
          onPrintSign={() => setPrinting({ only: stops[selected]!.token })}
        />
      ) : null}
      <SignsDialog
        open={printing !== null}
        onClose={() => setPrinting(null)}
        guideToken={guideToken}
        stops={stops.map((s) => ({
          token: s.token,
          title: title(s),
          keypadCode: s.keypad_code ?? null,
        }))}
        only={printing?.only ?? undefined}
        published={published}
        flush={flush}
      />
      <ConfirmDialog
        open={deleting}
        title="Delete this stop?"
        description={
          selected !== null
            ? `“${title(stops[selected]!)}” and its texts leave the draft. Its media stay uploaded.`
            : ''
        }
        keepLabel="Keep"
        actionLabel="Delete"
        onKeep={() => setDeleting(false)}
        onAction={remove}
      />
    </section>
  );
}
