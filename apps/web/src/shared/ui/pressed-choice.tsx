import styles from './pressed-choice.module.css';

type Option<T extends string> = readonly [value: T, label: string];

/**
 * One of a few choices as a row of toggle buttons (aria-pressed) in a pill: the camera's
 * Front/Rear and the theme preview's Light/Dark. A group with a name, so a screen reader says
 * what the choice is about.
 */
export function PressedChoice<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: {
  label: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <div
      className={className ? `${styles.group} ${className}` : styles.group}
      role="group"
      aria-label={label}
    >
      {options.map(([v, text]) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          className={styles.option}
          onClick={() => value !== v && onChange(v)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
