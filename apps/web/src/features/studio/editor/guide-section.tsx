import { MAP_TYPES, type GuideBundleInput } from '@earshot/core';
import { TextField } from '../../../shared/ui/text-field';
import { MediaField } from '../media/media-field';
import type { DraftEditorProps } from './draft-props';
import { CheckField, messageAt, SelectField } from '../ui/fields';
import { ImagesField } from './images-field';
import { LanguagesField } from './languages-field';
import { LayersField } from './layers-field';
import { RichTextField } from './rich-text-field';
import { RouteField } from './route-field';
import { SeasonsField } from './seasons-field';
import styles from './editor.module.css';

type Guide = GuideBundleInput['guide'];

const MAP_LABELS: Record<(typeof MAP_TYPES)[number], string> = {
  default: 'Default',
  standard: 'Standard',
  roadmap: 'Road map',
  hybrid: 'Hybrid (satellite with labels)',
  satellite: 'Satellite',
  terrain: 'Terrain',
};

/**
 * The guide's own fields (SPEC §3 as the bundle has them), each showing the importer's problem
 * at its path as the publisher types.
 */
export function GuideSection({
  draft,
  onChange,
  problems,
  guideToken,
  previewDay = null,
  onPreviewDay = () => {},
}: DraftEditorProps) {
  const guide = draft.guide;
  const set = (patch: Partial<Guide>) => onChange({ ...draft, guide: { ...guide, ...patch } });
  const err = (path: string) => messageAt(problems, path);
  return (
    <div className={styles.sectionBody}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>About the guide</legend>
        <TextField
          label="Title"
          value={guide.title}
          data-path="$.guide.title"
          error={err('$.guide.title')}
          onChange={(e) => set({ title: e.target.value })}
        />
        <RichTextField
          label="Description"
          value={guide.description ?? ''}
          path="$.guide.description"
          error={err('$.guide.description')}
          onChange={(description) => set({ description })}
        />
        <div className={styles.pair}>
          <TextField
            label="City"
            value={guide.city.name}
            data-path="$.guide.city.name"
            error={err('$.guide.city.name')}
            onChange={(e) => set({ city: { ...guide.city, name: e.target.value } })}
          />
          <TextField
            label="State or region"
            value={guide.city.state}
            data-path="$.guide.city.state"
            error={err('$.guide.city.state')}
            onChange={(e) => set({ city: { ...guide.city, state: e.target.value } })}
          />
        </div>
        <CheckField
          label="Coming soon"
          hint="Listed, but visitors cannot open it yet."
          checked={guide.coming_soon ?? false}
          path="$.guide.coming_soon"
          onChange={(coming_soon) => set({ coming_soon })}
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Pictures and sound</legend>
        <div data-path="$.guide.splash">
          <MediaField
            kind="image"
            label="Splash picture"
            value={guide.splash}
            guideToken={guideToken}
            error={err('$.guide.splash')}
            onChange={(splash) => set({ splash })}
          />
        </div>
        <ImagesField
          images={guide.images ?? []}
          guideToken={guideToken}
          problems={problems}
          onChange={(images) => set({ images })}
        />
        <div data-path="$.guide.audio">
          <MediaField
            kind="audio"
            label="Introduction audio"
            value={guide.audio}
            guideToken={guideToken}
            error={err('$.guide.audio')}
            onChange={(audio) => set({ audio })}
          />
        </div>
      </fieldset>

      <LanguagesField
        languages={guide.languages ?? []}
        problems={problems}
        onChange={(languages) => set({ languages })}
      />

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Map and keypad</legend>
        <SelectField
          label="Map type"
          data-path="$.guide.map_type"
          value={guide.map_type ?? 'hybrid'}
          error={err('$.guide.map_type')}
          onChange={(e) => set({ map_type: e.target.value as Guide['map_type'] })}
        >
          {MAP_TYPES.map((t) => (
            <option key={t} value={t}>
              {MAP_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <CheckField
          label="Keypad"
          hint="Visitors can type a stop’s number, as on a museum’s audio guide."
          checked={guide.has_keypad ?? false}
          path="$.guide.has_keypad"
          onChange={(has_keypad) => set({ has_keypad })}
        />
        <CheckField
          label="Play a stop when it is selected"
          checked={guide.poi_play_on_select ?? false}
          path="$.guide.poi_play_on_select"
          onChange={(poi_play_on_select) => set({ poi_play_on_select })}
        />
        <RouteField
          route={(guide.route ?? []) as [number, number][]}
          error={err('$.guide.route')}
          onChange={(route) => set({ route })}
        />
      </fieldset>

      <SeasonsField draft={draft} day={previewDay} onDay={onPreviewDay} err={err} set={set} />

      <LayersField
        layers={draft.layers ?? []}
        problems={problems}
        onChange={(layers) => onChange({ ...draft, layers })}
      />
    </div>
  );
}
