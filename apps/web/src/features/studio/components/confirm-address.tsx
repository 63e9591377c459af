import { useState } from 'react';
import { requestVerification } from '../api/studio-api';
import styles from './studio.module.css';

/**
 * Proving the invited address before accepting (SMTP set): the server mails a link that confirms
 * it and leads back to the invitation page. Opened on another device, "I opened the link" asks
 * again here.
 */
export function ConfirmAddress({
  token,
  linkFailed,
  check,
}: {
  token: string;
  /** The link came back with an error (expired, tampered with, replaced by a newer one). */
  linkFailed: boolean;
  /** Asks the server again; true once the address is confirmed (the page then offers Accept). */
  check: () => Promise<boolean>;
}) {
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');

  const send = async () => {
    setBusy(true);
    setError('');
    setNote('');
    try {
      setSentTo((await requestVerification(token)).sent_to);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const again = async () => {
    setNote('');
    if (!(await check()))
      setNote('Your address is not confirmed yet: open the link in the e-mail we sent you.');
  };

  return (
    <div className={styles.proof}>
      {linkFailed && !sentTo && (
        <p className={styles.error} role="alert">
          That confirmation link did not work: it may have expired. Ask for a new one.
        </p>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.primary}
          onClick={() => void send()}
          disabled={busy}
        >
          {busy ? 'Sending…' : sentTo ? 'Send the link again' : 'E-mail me a confirmation link'}
        </button>
        {sentTo && (
          <button type="button" className={styles.secondary} onClick={() => void again()}>
            I opened the link
          </button>
        )}
      </div>
      <p className={styles.muted} role="status">
        {sentTo
          ? `We sent a link to ${sentTo}. Open it from that e-mail within 24 hours: it brings you back here to accept.`
          : ''}
        {note && (
          <>
            {sentTo ? ' ' : ''}
            {note}
          </>
        )}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
