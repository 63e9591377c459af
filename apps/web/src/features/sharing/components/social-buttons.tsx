import type { SocialLink, SocialNetwork } from '@earshot/core';
import type { ReactNode } from 'react';
import { FacebookMark, LinkedInMark, WhatsAppMark, XMark } from './icons';
import styles from './social-buttons.module.css';

const MARKS: Record<SocialNetwork, ReactNode> = {
  x: <XMark size={22} />,
  facebook: <FacebookMark size={24} />,
  whatsapp: <WhatsAppMark size={24} />,
  linkedin: <LinkedInMark size={22} />,
};

/** One button per network; each opens the network's share page in a new tab. */
export function SocialButtons({ links, onShared }: { links: SocialLink[]; onShared?: () => void }) {
  return (
    <ul className={styles.list} aria-label="Share on a social network">
      {links.map((l) => (
        <li key={l.network}>
          <a
            className={styles.link}
            data-network={l.network}
            href={l.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onShared}
            aria-label={`Share on ${l.label} (opens in a new tab)`}
          >
            {MARKS[l.network]}
            <span aria-hidden="true">{l.label.replace(' (Twitter)', '')}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
