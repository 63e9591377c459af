import type { DraftProblem } from '@earshot/core';
import { MediaField } from '../media/media-field';
import { moveItem, removeItem, replaceItem } from '../lib/list-edit';
import { messageAt } from '../ui/fields';
import { RowActions } from './languages-field';
import styles from './editor.module.css';

/** The guide's gallery pictures, in order: add, replace, move and remove. */
export function ImagesField({
  images,
  onChange,
  problems,
  guideToken,
}: {
  images: string[];
  onChange: (next: string[]) => void;
  problems: DraftProblem[];
  guideToken: string;
}) {
  return (
    <div className={styles.field} data-path="$.guide.images">
      <span className={styles.label}>Gallery pictures</span>
      {images.length > 0 && (
        <ol className={styles.rows}>
          {images.map((path, i) => (
            <li key={`${i}-${path}`} className={styles.row} data-path={`$.guide.images[${i}]`}>
              <div className={styles.rowFields}>
                <MediaField
                  kind="image"
                  label={`Picture ${i + 1}`}
                  value={path}
                  guideToken={guideToken}
                  error={messageAt(problems, `$.guide.images[${i}]`)}
                  onChange={(next) =>
                    onChange(next ? replaceItem(images, i, next) : removeItem(images, i))
                  }
                />
              </div>
              <RowActions
                name={`picture ${i + 1}`}
                index={i}
                count={images.length}
                onMove={(to) => onChange(moveItem(images, i, to))}
                onRemove={() => onChange(removeItem(images, i))}
              />
            </li>
          ))}
        </ol>
      )}
      {images.length < 20 && (
        <MediaField
          kind="image"
          label={images.length ? 'Add another picture' : 'Add a picture'}
          guideToken={guideToken}
          onChange={(next) => next && onChange([...images, next])}
        />
      )}
    </div>
  );
}
