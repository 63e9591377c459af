import { useEffect, useState } from 'react';
import styles from './qr-code.module.css';

/** A QR code for `value`, generated locally (the encoder loads only when a code is shown). */
export function QrCode({ value, label }: { value: string; label?: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) =>
      qr
        .toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
        .then((s) => live && setSvg(s)),
    );
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <div className={styles.frame}>
      {svg ? (
        <img
          className={styles.code}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={label ?? `QR code for ${value}`}
        />
      ) : (
        <div className={styles.code} role="img" aria-label="Making QR code" />
      )}
    </div>
  );
}
