import { useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CenteredDialog } from '../../../shared/ui/centered-dialog';
import { TextField } from '../../../shared/ui/text-field';
import { createGuide, studioKeys } from '../api/studio-api';
import { languageProblem, requiredProblem } from '../lib/new-guide';
import styles from './studio-dialog.module.css';

type Form = { title: string; city: string; state: string; code: string; label: string };
const EMPTY: Form = { title: '', city: '', state: '', code: 'en', label: 'English' };

/** A new guide: its title, city and state, and first language; it opens in the editor. */
export function CreateGuideDialog({
  open,
  organisationId,
  onClose,
}: {
  open: boolean;
  organisationId: number;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const problems = {
    title: requiredProblem(form.title, 'a title'),
    city: requiredProblem(form.city, 'the city'),
    state: requiredProblem(form.state, 'the state or region'),
    code: languageProblem(form.code),
    label: requiredProblem(form.label, 'the language’s name'),
  };
  const shown = (k: keyof Form) => (tried ? problems[k] : null);
  const set = (k: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.values(problems).some(Boolean)) return;
    setBusy(true);
    setError('');
    try {
      const draft = await createGuide({
        organisation_id: organisationId,
        title: form.title.trim(),
        city: { name: form.city.trim(), state: form.state.trim() },
        language: { code: form.code.trim(), label: form.label.trim() },
      });
      queryClient.setQueryData(studioKeys.draft(draft.token), draft);
      void queryClient.invalidateQueries({ queryKey: studioKeys.guides(organisationId) });
      setForm(EMPTY);
      setTried(false);
      void navigate(`/studio/guides/${encodeURIComponent(draft.token)}`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <CenteredDialog
      open={open}
      onOpenChange={(o) => !o && !busy && onClose()}
      className={styles.dialog}
    >
      <Dialog.Title className={styles.title}>New guide</Dialog.Title>
      <Dialog.Description className={styles.text}>
        A draft that only your organisation sees until you publish it.
      </Dialog.Description>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Title"
          value={form.title}
          onChange={set('title')}
          error={shown('title')}
        />
        <div className={styles.pair}>
          <TextField label="City" value={form.city} onChange={set('city')} error={shown('city')} />
          <TextField
            label="State or region"
            value={form.state}
            onChange={set('state')}
            error={shown('state')}
          />
        </div>
        <div className={styles.pair}>
          <TextField
            label="Language code"
            value={form.code}
            onChange={set('code')}
            error={shown('code')}
            autoCapitalize="none"
          />
          <TextField
            label="Language name"
            value={form.label}
            onChange={set('label')}
            error={shown('label')}
          />
        </div>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Dialog.Close className={styles.secondary} disabled={busy}>
            Cancel
          </Dialog.Close>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? 'Creating…' : 'Create guide'}
          </button>
        </div>
      </form>
    </CenteredDialog>
  );
}
