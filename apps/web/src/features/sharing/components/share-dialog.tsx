import * as Dialog from '@radix-ui/react-dialog';
import { useMemo } from 'react';
import { shareHashtags, shareImages, shareMailto, shareText, socialLinks } from '@earshot/core';
import { track } from '../../../shared/insights/track';
import { CloseIcon } from '../../../shared/ui/icons';
import { useVisit } from '../../../shared/visit/store';
import { useGuide } from '../../../shared/visit/use-guide';
import { useWebShare } from '../hooks/use-web-share';
import { EnvelopeIcon, UploadShareIcon } from './icons';
import { ShareLink } from './share-link';
import { SocialButtons } from './social-buttons';
import styles from './share-dialog.module.css';

/**
 * SPEC §2 Share dialog ('Sharing') for a guide or a POI: the quoted text, the link with copy
 * and QR code, e-mail and social networks, and the system share sheet where there is one.
 */
export function ShareDialog() {
  const target = useVisit((s) => s.share);
  const closeShare = useVisit((s) => s.closeShare);
  const guide = useGuide();
  const text = shareText(target?.text);
  const url = target?.url ?? '';
  const image = useMemo(
    () => shareImages([target?.image], window.location.origin)[0] ?? null,
    [target?.image],
  );
  const hashtags = useMemo(() => shareHashtags(guide.photo_share_hashtag), [guide]);
  const social = useMemo(() => socialLinks({ text, url, hashtags }), [text, url, hashtags]);
  const web = useWebShare({ title: target?.title ?? guide.title, text, url }, image);
  if (!target) return null;
  // A shared stop's link is /guide/{token}/{poi} (docs/insights.md share: its stop, if any).
  const poi = decodeURIComponent(new URL(url, window.location.origin).pathname.split('/')[3] ?? '');
  const shared = () => track({ kind: 'share', ...(poi ? { poi } : {}) });
  return (
    <Dialog.Root open onOpenChange={(open) => !open && closeShare()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={`${styles.dialog} es-dialog`} aria-describedby={undefined}>
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>Sharing</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </header>
          <div className={styles.target}>
            {image && <img className={styles.image} src={image} alt="" />}
            <p className={styles.name}>{target.title}</p>
          </div>
          <blockquote className={styles.quote}>{text}</blockquote>
          <ShareLink url={url} onShared={shared} />
          <div className={styles.actions}>
            <a className={styles.mail} href={shareMailto(text, url)} onClick={shared}>
              <EnvelopeIcon size={20} />
              E-mail
            </a>
            {web.supported && (
              <button
                type="button"
                className={styles.system}
                onClick={() => void web.share().then((done) => done && shared())}
              >
                <UploadShareIcon size={20} />
                Share…
              </button>
            )}
          </div>
          <SocialButtons links={social} onShared={shared} />
          <p className={styles.tags}>{hashtags.map((h) => `#${h}`).join(' ')}</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
