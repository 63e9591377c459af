import * as Dialog from '@radix-ui/react-dialog';
import type { GuideDetail } from '@earshot/core';
import { useSelectedLanguage } from '../../../shared/lib/selected-language';
import { GuideFacts } from '../../../shared/ui/guide-facts';
import { GlobeIcon } from '../../../shared/ui/icons';
import styles from './language-dialog.module.css';

/**
 * SPEC §2 language confirm: a guide with languages asks for one before the visit starts;
 * one button per language, labelled by its label. Choosing is required (no dismissal). Like
 * the browse confirm dialog it shows the location count and, with location on, the distance.
 */
export function LanguageDialog({ guide }: { guide: GuideDetail }) {
  const select = useSelectedLanguage((s) => s.select);
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.dialog} es-dialog`}
          onPointerDownOutside={(e) => e.preventDefault()}
          onEscapeKeyDown={(e) => e.preventDefault()}
        >
          <div className={styles.icon} aria-hidden="true">
            <GlobeIcon size={28} />
          </div>
          <Dialog.Title className={styles.title}>Choose a language</Dialog.Title>
          <Dialog.Description className={styles.text}>
            {guide.title} can be heard in {guide.languages.length}{' '}
            {guide.languages.length === 1 ? 'language' : 'languages'}.
          </Dialog.Description>
          <div className={styles.facts}>
            <GuideFacts count={guide.pois.length} center={guide.center} />
          </div>
          <div className={styles.choices}>
            {guide.languages.map((l) => (
              <button
                key={l.code}
                type="button"
                lang={l.code}
                className={styles.choice}
                onClick={() => select(guide.token, l.code)}
              >
                {l.label}
              </button>
            ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
