import type { DraftProblem, GuideBundleInput } from '@earshot/core';
import { TextField } from '../../../shared/ui/text-field';
import { moveItem, removeItem, replaceItem } from '../lib/list-edit';
import { pathId } from '../lib/sections';
import { messageAt } from '../ui/fields';
import { ListProblems } from './fields';
import { RowActions } from './languages-field';
import styles from './editor.module.css';

type Layer = NonNullable<GuideBundleInput['layers']>[number];

/** The guide's layers (SPEC §3): key, name, colour and icon; stops name a layer by its key. */
export function LayersField({
  layers,
  onChange,
  problems,
}: {
  layers: Layer[];
  onChange: (next: Layer[]) => void;
  problems: DraftProblem[];
}) {
  const listProblems = layers.flatMap((_, i) =>
    problems.filter((p) => p.path === `$.layers[${i}]`).map((p) => p.message),
  );
  const set = (i: number, patch: Partial<Layer>) =>
    onChange(replaceItem(layers, i, { ...layers[i]!, ...patch }));
  return (
    <fieldset className={styles.group} data-path="$.layers">
      <legend className={styles.legend}>Layers</legend>
      <p className={styles.hint}>
        Groups of stops visitors can show or hide on the map, such as “Sculptures” or “Murals”.
      </p>
      <ListProblems id={pathId('$.layers')} messages={listProblems} />
      {layers.length > 0 && (
        <ol className={styles.rows}>
          {layers.map((l, i) => {
            const at = `$.layers[${i}]`;
            const colour = l.color ? `#${l.color}` : '#0f5f73';
            return (
              <li key={i} className={styles.row}>
                <div className={styles.rowFields}>
                  <TextField
                    label="Key"
                    value={l.key}
                    data-path={`${at}.key`}
                    error={messageAt(problems, `${at}.key`)}
                    autoCapitalize="none"
                    onChange={(e) => set(i, { key: e.target.value })}
                  />
                  <TextField
                    label="Name"
                    value={l.name}
                    data-path={`${at}.name`}
                    error={messageAt(problems, `${at}.name`)}
                    onChange={(e) => set(i, { name: e.target.value })}
                  />
                  <TextField
                    label="Colour (hex)"
                    value={l.color ?? ''}
                    placeholder="0f5f73"
                    data-path={`${at}.color`}
                    error={messageAt(problems, `${at}.color`)}
                    onChange={(e) =>
                      set(i, { color: e.target.value.replace(/^#/, '') || undefined })
                    }
                    beside={
                      <input
                        type="color"
                        className={styles.swatch}
                        aria-label={`Pick the colour of ${l.name || 'this layer'}`}
                        value={/^#[0-9a-f]{6}$/i.test(colour) ? colour : '#0f5f73'}
                        onChange={(e) => set(i, { color: e.target.value.slice(1) })}
                      />
                    }
                  />
                  <TextField
                    label="Icon"
                    value={l.icon ?? ''}
                    data-path={`${at}.icon`}
                    error={messageAt(problems, `${at}.icon`)}
                    onChange={(e) => set(i, { icon: e.target.value || undefined })}
                  />
                </div>
                <RowActions
                  name={l.name || l.key || `layer ${i + 1}`}
                  index={i}
                  count={layers.length}
                  onMove={(to) => onChange(moveItem(layers, i, to))}
                  onRemove={() => onChange(removeItem(layers, i))}
                />
              </li>
            );
          })}
        </ol>
      )}
      <button
        type="button"
        className={styles.addButton}
        onClick={() => onChange([...layers, { key: `layer-${layers.length + 1}`, name: '' }])}
      >
        Add a layer
      </button>
    </fieldset>
  );
}
