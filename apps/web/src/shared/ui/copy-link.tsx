import { useState } from 'react';
import { QrCode } from './qr-code';
import styles from './copy-link.module.css';

/** A link with a copy button and a QR code toggle. */
export function CopyLink({ label, url }: { label: string; url: string }) {
  const [copied, setCopied] = useState(false);
  const [qr, setQr] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard refused (no permission or insecure page): select the text instead.
      const range = document.createRange();
      const el = document.getElementById(`link-${label}`);
      if (el) {
        range.selectNodeContents(el);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
      }
    }
  };
  return (
    <div className={styles.row}>
      <div className={styles.head}>
        <span className={styles.label}>{label}</span>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.action}
            onClick={() => void copy()}
            title={copied ? 'Link copied to clipboard' : 'Copy link to clipboard'}
            aria-label={`Copy ${label.toLowerCase()} to clipboard`}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
          <button
            type="button"
            className={styles.action}
            aria-expanded={qr}
            onClick={() => setQr((v) => !v)}
            aria-label={`QR code for ${label.toLowerCase()}`}
          >
            QR
          </button>
        </div>
      </div>
      <a id={`link-${label}`} className={styles.url} href={url}>
        {url}
      </a>
      <span className="visually-hidden" role="status">
        {copied ? 'Link copied to clipboard' : ''}
      </span>
      {qr && <QrCode value={url} label={`QR code for ${label.toLowerCase()}`} />}
    </div>
  );
}
