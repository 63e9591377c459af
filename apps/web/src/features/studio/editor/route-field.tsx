import { useId, useState } from 'react';
import { formatRoute, parseRoute, type RoutePoint } from '../lib/route-text';
import styles from './editor.module.css';

/**
 * The route line drawn on the guide's map (SPEC §3): one point a line as "latitude,
 * longitude". The draft changes only when every line reads as a point, so a half-typed line
 * is not lost; what is wrong is said at the field.
 */
export function RouteField({
  route,
  onChange,
  error,
}: {
  route: RoutePoint[];
  onChange: (next: RoutePoint[]) => void;
  error?: string;
}) {
  const id = useId();
  const [text, setText] = useState(() => formatRoute(route));
  const parsed = parseRoute(text);
  const shown = parsed.errors[0] ?? error;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Route line
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        One point a line, as “latitude, longitude” ({parsed.route.length}{' '}
        {parsed.route.length === 1 ? 'point' : 'points'}). Leave empty for no line.
      </p>
      <textarea
        id={id}
        className={styles.textarea}
        rows={4}
        value={text}
        spellCheck={false}
        data-path="$.guide.route"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(e) => {
          setText(e.target.value);
          const next = parseRoute(e.target.value);
          if (next.errors.length === 0) onChange(next.route);
        }}
      />
      {shown && (
        <p id={`${id}-error`} className={styles.error}>
          {shown}
        </p>
      )}
    </div>
  );
}
