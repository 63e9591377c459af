import { useMemo, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  defaultSignPaper,
  signSheetSummary,
  SIGNS_MAX,
  type SignPaper,
  type SignsPerPage,
} from '@earshot/core';
import { CenteredDialog } from '../../../shared/ui/centered-dialog';
import { PressedChoice } from '../../../shared/ui/pressed-choice';
import { signLinksQueryOptions, studioKeys } from '../api/studio-api';
import { downloadSigns } from '../api/transfer';
import dialogs from '../components/studio-dialog.module.css';
import styles from './signs-dialog.module.css';

/** A stop as the sheet's list shows it. */
export type SignStop = { token: string; title: string; keypadCode: number | null };

const PAPERS = [
  ['a4', 'A4'],
  ['letter', 'US Letter'],
] as const satisfies readonly (readonly [SignPaper, string])[];
const LAYOUTS = [
  ['1', 'Full page'],
  ['2', 'Halves'],
  ['4', 'Quarters'],
] as const;

type Outcome = { kind: 'idle' | 'busy' } | { kind: 'done' | 'failed'; message: string };

/**
 * The sheet of signs for the street (docs/studio.md "Signs"): the paper, how many signs a
 * page, and which stops; the PDF is the server's and comes as a download. Opened for the
 * whole guide or for one stop (`only`).
 */
export function SignsDialog({
  open,
  onClose,
  ...form
}: {
  open: boolean;
  onClose: () => void;
} & FormProps) {
  return (
    <CenteredDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      className={`${dialogs.dialog} ${styles.dialog}`}
    >
      {/* Each opening starts from its own choice of stops. */}
      {open && <SignsForm {...form} />}
    </CenteredDialog>
  );
}

type FormProps = {
  guideToken: string;
  stops: readonly SignStop[];
  /** The one stop the sheet is for; every stop when left out. */
  only?: string;
  published: boolean;
  /** Saves the editor's last edits first: the server makes the signs of the saved draft. */
  flush: () => Promise<boolean>;
};

function SignsForm({ guideToken, stops, only, published, flush }: FormProps) {
  const [paper, setPaper] = useState<SignPaper>(() => defaultSignPaper(navigator.languages));
  const [perPage, setPerPage] = useState<SignsPerPage>(1);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(only ? [only] : stops.map((s) => s.token)),
  );
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const queryClient = useQueryClient();
  const links = useQuery(signLinksQueryOptions(guideToken));
  const codes = useMemo(
    () => new Map(links.data?.links.map((l) => [l.stop, l.code])),
    [links.data],
  );

  const picked = stops.filter((s) => chosen.has(s.token));
  const tooMany = picked.length > SIGNS_MAX;
  const toggle = (token: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (!next.delete(token)) next.add(token);
      return next;
    });

  const make = async (e: FormEvent) => {
    e.preventDefault();
    if (!picked.length || tooMany) return;
    setOutcome({ kind: 'busy' });
    if (!(await flush()))
      return setOutcome({
        kind: 'failed',
        message:
          'Your latest changes are not saved yet, so no sheet was made. Try again once the status says Saved.',
      });
    try {
      await downloadSigns(guideToken, {
        paper,
        per_page: perPage,
        stops: picked.length === stops.length ? undefined : picked.map((s) => s.token),
      });
      setOutcome({
        kind: 'done',
        message: `Your sheet is downloading: ${signSheetSummary(picked.length, perPage)}.`,
      });
      void queryClient.invalidateQueries({ queryKey: studioKeys.signs(guideToken) });
    } catch (err) {
      setOutcome({
        kind: 'failed',
        message:
          err instanceof TypeError
            ? 'No sheet was made: the server could not be reached. Check the connection and try again.'
            : (err as Error).message,
      });
    }
  };

  const busy = outcome.kind === 'busy';
  return (
    <>
      <Dialog.Title className={dialogs.title}>
        {only ? 'Print this stop’s sign' : 'Print signs'}
      </Dialog.Title>
      <Dialog.Description className={dialogs.text}>
        {only
          ? 'A print-ready PDF of its sign: a QR code, its short link, its title and keypad code, in the guide’s colours. The stop keeps its link for good, so every copy of its sign opens it.'
          : 'A print-ready PDF: for each stop a QR code, its short link, its title and keypad code, in the guide’s colours. A stop keeps its link for good, so a reprinted sign opens the same stop.'}
      </Dialog.Description>
      {!published && (
        <p className={styles.note}>
          The guide is not published yet: until it is, a scan of its signs finds no stop.
        </p>
      )}
      <form className={dialogs.form} onSubmit={(e) => void make(e)} noValidate>
        <div className={styles.choices}>
          <div className={styles.choice}>
            <span className={dialogs.label} aria-hidden="true">
              Paper
            </span>
            <PressedChoice label="Paper" options={PAPERS} value={paper} onChange={setPaper} />
          </div>
          <div className={styles.choice}>
            <span className={dialogs.label} aria-hidden="true">
              Signs a page
            </span>
            <PressedChoice
              label="Signs a page"
              options={LAYOUTS}
              value={String(perPage) as '1' | '2' | '4'}
              onChange={(v) => setPerPage(Number(v) as SignsPerPage)}
            />
          </div>
        </div>
        {!only && (
          <fieldset className={styles.stops}>
            <legend className={dialogs.label}>
              Stops{' '}
              <span className={styles.tally}>
                {picked.length} of {stops.length}
              </span>
            </legend>
            <div className={styles.bulk}>
              <button
                type="button"
                className={styles.link}
                onClick={() => setChosen(new Set(stops.map((s) => s.token)))}
              >
                Select all
              </button>
              <button type="button" className={styles.link} onClick={() => setChosen(new Set())}>
                Select none
              </button>
            </div>
            <ul className={styles.list}>
              {stops.map((s, i) => (
                <li key={s.token}>
                  <label className={styles.stop}>
                    <input
                      type="checkbox"
                      checked={chosen.has(s.token)}
                      onChange={() => toggle(s.token)}
                    />
                    <span className={styles.number} aria-hidden="true">
                      {i + 1}
                    </span>
                    <span className={styles.stopTitle}>{s.title}</span>
                    <StopFacts code={codes.get(s.token)} keypadCode={s.keypadCode} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {only && (
          <p className={styles.single}>
            <span className={styles.stopTitle}>{picked[0]?.title}</span>
            <StopFacts code={codes.get(only)} keypadCode={picked[0]?.keypadCode ?? null} />
          </p>
        )}
        <p className={styles.summary} aria-live="polite">
          {picked.length === 0
            ? 'Choose at least one stop.'
            : tooMany
              ? `At most ${SIGNS_MAX.toLocaleString('en')} signs a sheet: choose fewer stops.`
              : signSheetSummary(picked.length, perPage)}
        </p>
        <div role="status" className={styles.outcome}>
          {outcome.kind === 'done' && outcome.message}
        </div>
        {outcome.kind === 'failed' && (
          <p className={dialogs.error} role="alert">
            {outcome.message}
          </p>
        )}
        <div className={dialogs.actions}>
          <Dialog.Close className={dialogs.secondary}>Close</Dialog.Close>
          <button
            type="submit"
            className={dialogs.primary}
            disabled={busy || !picked.length || tooMany}
          >
            {busy ? 'Making the PDF…' : 'Make PDF'}
          </button>
        </div>
      </form>
    </>
  );
}

/** A stop's short link when it has one, and its keypad code. */
function StopFacts({ code, keypadCode }: { code?: string; keypadCode: number | null }) {
  return (
    <span className={styles.facts}>
      {keypadCode !== null && <span>Keypad {keypadCode}</span>}
      <span className={code ? styles.code : undefined}>{code ? `/s/${code}` : 'New link'}</span>
    </span>
  );
}
