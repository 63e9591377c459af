import { useState, type FormEvent } from 'react';
import { parseCoordinates } from '@earshot/core';
import buttons from '../../../shared/ui/button.module.css';
import { TextField } from '../../../shared/ui/text-field';

/**
 * Adds a stop at typed coordinates ("45.52, -122.67", as map apps copy them): the way to
 * place a stop without a pointer, and the studio's address search (docs/studio.md Web).
 */
export function AddByCoordinates({ onAdd }: { onAdd: (at: { lat: number; lng: number }) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseCoordinates(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    setText('');
    onAdd({ lat: parsed.lat, lng: parsed.lng });
  };
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="Add stop at coordinates"
        value={text}
        placeholder="45.52, -122.67"
        autoComplete="off"
        spellCheck={false}
        error={error}
        announce
        onChange={(e) => {
          setText(e.currentTarget.value);
          if (error) setError(null);
        }}
        beside={
          <button type="submit" className={buttons.button}>
            Add
          </button>
        }
      />
    </form>
  );
}
