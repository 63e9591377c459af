import {
  problemsAt,
  roundDegrees,
  stopRadii,
  type DraftProblem,
  type DraftStop,
  type GuideBundleInput,
} from '@earshot/core';
import { TextField } from '../../../shared/ui/text-field';
import buttons from '../../../shared/ui/button.module.css';
import { CheckField, messageAt, NumberField, SelectField } from '../ui/fields';
import { StopImages } from './stop-images';
import { StopTexts } from './stop-texts';
import styles from './stop-form.module.css';

/** Icon names the app draws a glyph for (other names show a pin). */
const ICONS = [
  'landmark',
  'palette',
  'music',
  'camera',
  'star',
  'circle',
  'text',
  'number',
  'list',
];

/**
 * One stop's fields (docs/studio.md Web): its texts, audio and transcript per language, its
 * pictures, where it is, its keypad code and radii, layer, icon and what the visitor sees.
 * Every problem of the importer's rules shows at its field.
 */
export function StopForm({
  draft,
  index,
  problems,
  guideToken,
  target,
  heading,
  onChange,
  onDelete,
  onPrintSign,
}: {
  draft: GuideBundleInput;
  index: number;
  problems: readonly DraftProblem[];
  guideToken: string;
  /** The field a link asked for (DraftEditorProps.target). */
  target?: string | null;
  heading: string;
  onChange: (stop: DraftStop) => void;
  onDelete: () => void;
  onPrintSign: () => void;
}) {
  const stop = draft.pois![index]!;
  const at = `$.pois[${index}]`;
  const mine = problemsAt(problems, at);
  const err = (path: string) => messageAt(mine, `${at}${path}`);
  const set = (patch: Partial<DraftStop>) => onChange({ ...stop, ...patch });
  const radii = stopRadii(stop, draft.guide);
  const setRadius = (key: 'autoplay_radius' | 'attract_radius_leave_buffer', v?: number) => {
    const next = { ...stop.radii };
    if (v === undefined) delete next[key];
    else next[key] = v;
    set({ radii: Object.keys(next).length ? next : undefined });
  };
  const stray = err('') ?? err('.radii');

  return (
    <section className={styles.form} aria-labelledby={`stop-form-${index}`}>
      <header className={styles.header}>
        <h3 id={`stop-form-${index}`} className={styles.heading}>
          {heading}
        </h3>
        <div className={styles.headerActions}>
          <button
            type="button"
            className={`${buttons.button} ${buttons.secondary} ${buttons.small}`}
            onClick={onPrintSign}
          >
            Print its sign
          </button>
          <button
            type="button"
            className={`${buttons.button} ${buttons.small} ${styles.delete}`}
            onClick={onDelete}
          >
            Delete stop
          </button>
        </div>
      </header>
      {stray ? (
        <p className={styles.problem} role="alert">
          {stray}
        </p>
      ) : null}

      <StopTexts
        draft={draft}
        stop={stop}
        at={at}
        problems={mine}
        guideToken={guideToken}
        target={target}
        onChange={onChange}
      />

      <fieldset className={styles.group}>
        <legend>Pictures</legend>
        <StopImages
          stop={stop}
          at={at}
          problems={mine}
          guideToken={guideToken}
          onChange={onChange}
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend>Place and triggers</legend>
        <div className={styles.grid}>
          <NumberField
            label="Latitude"
            value={stop.lat}
            error={err('.lat')}
            path={`${at}.lat`}
            onChange={(v) => v !== undefined && set({ lat: roundDegrees(v) })}
          />
          <NumberField
            label="Longitude"
            value={stop.lng}
            error={err('.lng')}
            path={`${at}.lng`}
            onChange={(v) => v !== undefined && set({ lng: roundDegrees(v) })}
          />
          <NumberField
            label="Keypad code"
            value={stop.keypad_code ?? undefined}
            optional
            error={err('.keypad_code')}
            path={`${at}.keypad_code`}
            onChange={(v) => set({ keypad_code: v })}
          />
          <NumberField
            label="Autoplay radius (m)"
            value={stop.radii?.autoplay_radius}
            optional
            placeholder={`${radii.autoplay} (guide)`}
            error={err('.radii.autoplay_radius')}
            path={`${at}.radii.autoplay_radius`}
            onChange={(v) => setRadius('autoplay_radius', v)}
          />
          <NumberField
            label="Leave buffer (m)"
            value={stop.radii?.attract_radius_leave_buffer}
            optional
            placeholder={`${radii.leaveBuffer} (guide)`}
            error={err('.radii.attract_radius_leave_buffer')}
            path={`${at}.radii.attract_radius_leave_buffer`}
            onChange={(v) => setRadius('attract_radius_leave_buffer', v)}
          />
        </div>
        <p className={styles.note}>
          Audio starts within the autoplay radius and can start again once the visitor is farther
          than the radius plus the leave buffer. Empty fields use the guide’s values.
        </p>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>On the map</legend>
        <div className={styles.grid}>
          <SelectField
            label="Layer"
            value={stop.layer ?? ''}
            error={err('.layer')}
            data-path={`${at}.layer`}
            onChange={(e) => set({ layer: e.currentTarget.value || undefined })}
          >
            <option value="">No layer</option>
            {stop.layer && !(draft.layers ?? []).some((l) => l.key === stop.layer) ? (
              <option value={stop.layer}>{stop.layer} (unknown)</option>
            ) : null}
            {(draft.layers ?? []).map((l) => (
              <option key={l.key} value={l.key}>
                {l.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Icon"
            value={stop.icon ?? ''}
            list={`stop-icons-${index}`}
            placeholder="landmark"
            error={err('.icon')}
            data-path={`${at}.icon`}
            onChange={(e) => set({ icon: e.currentTarget.value || undefined })}
          />
          <datalist id={`stop-icons-${index}`}>
            {ICONS.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <CheckField
          label="Hide this stop on the map"
          checked={stop.hide_map ?? false}
          error={err('.hide_map')}
          path={`${at}.hide_map`}
          onChange={(v) => set({ hide_map: v })}
        />
        <CheckField
          label="Hide directions to this stop"
          checked={stop.hide_directions ?? false}
          error={err('.hide_directions')}
          path={`${at}.hide_directions`}
          onChange={(v) => set({ hide_directions: v })}
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend>On view</legend>
        <div className={styles.grid}>
          <TextField
            label="On view from"
            type="date"
            value={stop.on_view_from ?? ''}
            error={err('.on_view_from')}
            data-path={`${at}.on_view_from`}
            onChange={(e) => set({ on_view_from: e.currentTarget.value || undefined })}
          />
          <TextField
            label="On view until"
            type="date"
            value={stop.on_view_until ?? ''}
            error={err('.on_view_until')}
            data-path={`${at}.on_view_until`}
            onChange={(e) => set({ on_view_until: e.currentTarget.value || undefined })}
          />
        </div>
        <p className={styles.note}>
          Both days included, in the guide’s time zone. Leave them empty for a stop that is always
          there; the guide says what visitors see outside the dates.
        </p>
      </fieldset>
    </section>
  );
}
