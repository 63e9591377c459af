import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../shared/ui/empty-state';
import { PinIcon } from '../../shared/ui/icons';
import { Spinner } from '../../shared/ui/spinner';
import { usePageTitle } from '../../shared/lib/page-title';
import buttons from '../../shared/ui/button.module.css';
import { findSign, type SignAnswer } from './find-sign';

type Missing = Extract<SignAnswer, { found: false }>;

/**
 * A sign's short link (/s/{code}) opened in the app: the server sends a live one straight to
 * its stop, so this screen shows when it could not (the stop has gone, or there is no network
 * and the stop is looked up among the saved guides).
 */
export function SignScreen({ code }: { code: string }) {
  const navigate = useNavigate();
  const [missing, setMissing] = useState<Missing | null>(null);
  const [failed, setFailed] = useState(false);
  usePageTitle(missing || failed ? 'Page not found' : 'Opening the stop');

  useEffect(() => {
    const abort = new AbortController();
    findSign(code, abort.signal).then(
      (answer) => {
        if (abort.signal.aborted) return;
        if (answer.found) {
          const { guide_token: g, poi_token: p } = answer.target;
          void navigate(`/guide/${encodeURIComponent(g)}/${encodeURIComponent(p)}`, {
            replace: true,
            state: { entry: 'sign' },
          });
        } else setMissing(answer);
      },
      () => abort.signal.aborted || setFailed(true),
    );
    return () => abort.abort();
  }, [code, navigate]);

  if (!missing && !failed) return <Spinner label="Opening the stop" />;
  const guide = missing?.missing.guide;
  return (
    <EmptyState
      icon={<PinIcon size={36} />}
      title={
        missing?.offline
          ? 'This sign’s guide isn’t saved on this device'
          : 'We couldn’t find this sign’s stop'
      }
      action={
        guide ? (
          <Link className={buttons.button} to={`/guide/${encodeURIComponent(guide.token)}`}>
            Open {guide.title}
          </Link>
        ) : (
          <Link className={buttons.button} to="/">
            Browse all guides
          </Link>
        )
      }
    >
      <h1 className="visually-hidden">Page not found</h1>
      <p>
        {missing?.offline
          ? 'Connect to the internet to open it. Save a guide before a walk to open its signs offline.'
          : failed
            ? 'The server did not answer. Try again in a moment.'
            : guide
              ? missing?.missing.message
              : 'The sign may be old, or its code mistyped. Every walk starts from the guide list.'}
      </p>
    </EmptyState>
  );
}
