import * as Tooltip from '@radix-ui/react-tooltip';
import { useEffect, useRef, useState } from 'react';
import { CheckIcon, CopyIcon, QrIcon } from './icons';
import { QrFullscreen } from './qr-fullscreen';
import { QrCode } from '../../../shared/ui/qr-code';
import styles from './share-link.module.css';

const COPY = 'Copy link to clipboard';
const COPIED = 'Link copied to clipboard';

/**
 * SPEC §2 share link: the link with a copy button whose tooltip reads 'Copy link to
 * clipboard', then 'Link copied to clipboard'; a QR code toggle, the code opening full
 * screen on a tap.
 */
export function ShareLink({ url, onShared }: { url: string; onShared?: () => void }) {
  const [copied, setCopied] = useState(false);
  const [tip, setTip] = useState(false);
  const [qr, setQr] = useState(false);
  const [full, setFull] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const reset = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(reset.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      onShared?.();
      setCopied(true);
      setTip(true);
      window.clearTimeout(reset.current);
      reset.current = window.setTimeout(() => setCopied(false), 2500);
    } catch {
      // No clipboard (permission refused, insecure page): select the link so it can be copied.
      const range = document.createRange();
      if (link.current) range.selectNodeContents(link.current);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    }
  };

  return (
    <div className={styles.box}>
      <div className={styles.row}>
        <a ref={link} className={styles.url} href={url}>
          {url}
        </a>
        <Tooltip.Provider delayDuration={300}>
          <Tooltip.Root open={tip || copied} onOpenChange={setTip}>
            <Tooltip.Trigger asChild>
              <button
                type="button"
                className={styles.action}
                aria-label={copied ? COPIED : COPY}
                // Radix closes a tooltip on pointer down; the copy result re-opens it.
                onClick={() => void copy()}
              >
                {copied ? <CheckIcon size={20} /> : <CopyIcon size={20} />}
              </button>
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content className={styles.tooltip} sideOffset={6}>
                {copied ? COPIED : COPY}
                <Tooltip.Arrow className={styles.arrow} />
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        </Tooltip.Provider>
        <button
          type="button"
          className={styles.action}
          aria-pressed={qr}
          aria-label="QR code"
          onClick={() => {
            if (!qr) onShared?.();
            setQr(!qr);
          }}
        >
          <QrIcon size={20} />
        </button>
      </div>
      <span className="visually-hidden" role="status">
        {copied ? COPIED : ''}
      </span>
      {qr && (
        <button
          type="button"
          className={styles.qr}
          aria-label="Show the QR code full screen"
          onClick={() => setFull(true)}
        >
          <QrCode value={url} label={`QR code for ${url}`} />
        </button>
      )}
      {full && <QrFullscreen url={url} onClose={() => setFull(false)} />}
    </div>
  );
}
