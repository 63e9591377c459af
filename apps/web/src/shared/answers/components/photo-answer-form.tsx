import { useEffect, useState, type ChangeEvent } from 'react';
import { answerRules } from '@earshot/core';
import { CloseIcon } from '../../ui/icons';
import { downscalePhoto, NotAPictureError } from '../photo';
import { CameraIcon, GalleryIcon } from './icons';
import styles from './answer-forms.module.css';
import { SubmitAnswer } from './submit-answer';

type Props = {
  /** The picture of the answer given (a URL); the form is then read only. */
  answered: string | null;
  /** An answer is given but its picture is not at hand (yet). */
  answeredWithout: boolean;
  disabled: boolean;
  onSubmit: (photo: Blob) => void;
};

/**
 * SPEC §5 photo: one image from the camera or the gallery (image files only), shown in a
 * frame and removable before Submit. Only the first file chosen counts; it is scaled down
 * here before it is kept or sent.
 */
export function PhotoAnswerForm({ answered, answeredWithout, disabled, onSubmit }: Props) {
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const given = answered !== null || answeredWithout;
  const editable = !given && !disabled && !reading;
  const rules = answerRules({ type: 'PhotoChallenge', hasPhoto: photo !== null }, editable);
  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo.url);
    },
    [photo],
  );

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    setReading(true);
    try {
      const blob = await downscalePhoto(file);
      setPhoto({ blob, url: URL.createObjectURL(blob) });
    } catch (err) {
      setError(err instanceof NotAPictureError ? err.message : 'This photo could not be read.');
    } finally {
      setReading(false);
    }
  };

  const shown = answered ?? photo?.url ?? null;
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (editable && photo) onSubmit(photo.blob);
      }}
    >
      {shown ? (
        <figure className={styles.frame}>
          <img src={shown} alt={given ? 'The photo you sent' : 'Your photo'} />
          {!given && editable && (
            <button
              type="button"
              className={styles.remove}
              aria-label="Remove the photo"
              onClick={() => setPhoto(null)}
            >
              <CloseIcon size={20} />
            </button>
          )}
        </figure>
      ) : (
        !given && (
          <div className={styles.pickers} aria-busy={reading || undefined}>
            <label className={styles.picker} data-disabled={!editable || undefined}>
              <input
                className="visually-hidden"
                type="file"
                accept="image/*"
                capture="environment"
                disabled={!editable}
                onChange={(e) => void pick(e)}
              />
              <CameraIcon size={26} />
              <span>Take a photo</span>
            </label>
            <label className={styles.picker} data-disabled={!editable || undefined}>
              <input
                className="visually-hidden"
                type="file"
                accept="image/*"
                disabled={!editable}
                onChange={(e) => void pick(e)}
              />
              <GalleryIcon size={26} />
              <span>Choose from gallery</span>
            </label>
          </div>
        )
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {rules.submit !== 'hidden' && !given && (
        <div className={styles.actions}>
          <SubmitAnswer state={rules.submit} />
        </div>
      )}
    </form>
  );
}
