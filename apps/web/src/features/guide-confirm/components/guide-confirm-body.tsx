import * as Dialog from '@radix-ui/react-dialog';
import DOMPurify from 'dompurify';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { GuideDetail, GuideEntry, GuideSummary } from '@earshot/core';
import { useSelectedLanguage } from '../../../shared/lib/selected-language';
import { CopyLink } from '../../../shared/ui/copy-link';
import { GuideFacts } from '../../../shared/ui/guide-facts';
import buttons from '../../../shared/ui/button.module.css';
import { picture } from '../../../shared/lib/responsive-image';
import styles from './guide-confirm-dialog.module.css';

type Props = {
  guide: GuideSummary;
  detail?: GuideDetail;
  onVisit: () => void;
  entry?: GuideEntry;
};

export function GuideConfirmBody({ guide, detail, onVisit, entry }: Props) {
  const navigate = useNavigate();
  const select = useSelectedLanguage((s) => s.select);
  const [links, setLinks] = useState(false);
  const image = guide.images[0] ?? guide.splash_url;
  const count = detail ? detail.pois.length : guide.num_pois;
  const origin = window.location.origin;
  const visit = (language?: string) => {
    if (language) select(guide.token, language);
    onVisit();
    void navigate(`/preload/${encodeURIComponent(guide.token)}`, { state: { entry } });
  };
  return (
    <>
      {image && (
        <img
          className={styles.image}
          {...picture(image, 'dialog')}
          alt={`Cover of ${guide.title}`}
        />
      )}
      <div className={styles.body}>
        <GuideFacts count={count} center={guide.center} directions />
        <Dialog.Title className={styles.title}>{guide.title}</Dialog.Title>
        <p className={styles.place}>
          {guide.city.name}, {guide.city.state}
        </p>
        <div
          className={styles.description}
          dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(guide.description) }}
        />
        {guide.coming_soon && <p className={styles.soon}>This guide is coming soon.</p>}
        <div className={styles.actions}>
          {guide.languages.length > 0 ? (
            guide.languages.map((l) => (
              <button
                key={l.code}
                type="button"
                className={buttons.button}
                lang={l.code}
                onClick={() => visit(l.code)}
              >
                {l.label}
              </button>
            ))
          ) : (
            <button type="button" className={buttons.button} onClick={() => visit()}>
              Visit
            </button>
          )}
        </div>
        <button
          type="button"
          className={styles.linksToggle}
          aria-expanded={links}
          onClick={() => setLinks((v) => !v)}
        >
          Links and QR codes
        </button>
        {links && (
          <div className={styles.links}>
            <CopyLink label="Online link" url={`${origin}/guide/${guide.token}`} />
            <CopyLink label="Offline link" url={`${origin}/preload/${guide.token}`} />
          </div>
        )}
      </div>
    </>
  );
}
