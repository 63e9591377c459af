import {
  addImage,
  alignedAlts,
  moveImage,
  removeImage,
  replaceImage,
  setImageAlt,
  type DraftProblem,
  type DraftStop,
} from '@earshot/core';
import { TextField } from '../../../shared/ui/text-field';
import { MediaField } from '../media/media-field';
import { messageAt } from '../ui/fields';
import styles from './stop-form.module.css';

/**
 * A stop's pictures in the order the gallery shows them, each with its alt text; the last
 * field adds one more. Up and down buttons reorder (the keyboard's way and the pointer's).
 */
export function StopImages({
  stop,
  at,
  problems,
  guideToken,
  onChange,
}: {
  stop: DraftStop;
  at: string;
  problems: readonly DraftProblem[];
  guideToken: string;
  onChange: (stop: DraftStop) => void;
}) {
  const images = stop.images ?? [];
  const alts = alignedAlts(stop);
  const altsProblem = messageAt(problems, `${at}.image_alts`);
  return (
    <div className={styles.stack} data-path={`${at}.images`}>
      {altsProblem ? <p className={styles.problem}>{altsProblem}</p> : null}
      {images.length ? (
        <ol className={styles.images} aria-label="Pictures in gallery order">
          {images.map((path, i) => (
            <li key={`${i}-${path}`} className={styles.image}>
              <MediaField
                kind="image"
                label={`Picture ${i + 1}`}
                value={path}
                guideToken={guideToken}
                error={messageAt(problems, `${at}.images[${i}]`)}
                path={`${at}.images[${i}]`}
                onChange={(next) =>
                  onChange(next ? replaceImage(stop, i, next) : removeImage(stop, i))
                }
              />
              <TextField
                label={`Alt text of picture ${i + 1}`}
                value={alts[i] ?? ''}
                placeholder="What the picture shows"
                error={messageAt(problems, `${at}.image_alts[${i}]`)}
                data-path={`${at}.image_alts[${i}]`}
                onChange={(e) => onChange(setImageAlt(stop, i, e.currentTarget.value))}
              />
              {images.length > 1 ? (
                <div className={styles.order}>
                  <button
                    type="button"
                    className={styles.orderButton}
                    disabled={i === 0}
                    onClick={() => onChange(moveImage(stop, i, i - 1))}
                  >
                    Move picture {i + 1} up
                  </button>
                  <button
                    type="button"
                    className={styles.orderButton}
                    disabled={i === images.length - 1}
                    onClick={() => onChange(moveImage(stop, i, i + 1))}
                  >
                    Move picture {i + 1} down
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {images.length < 20 ? (
        <MediaField
          kind="image"
          label={images.length ? 'Add another picture' : 'Add a picture'}
          guideToken={guideToken}
          onChange={(path) => path && onChange(addImage(stop, path))}
        />
      ) : null}
    </div>
  );
}
