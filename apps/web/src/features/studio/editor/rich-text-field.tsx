import DOMPurify from 'dompurify';
import { useEffect, useId, useRef, useState } from 'react';
import { Icon, type IconProps } from '../../../shared/ui/icons';
import { normaliseRichText, safeHref } from '../lib/rich-text';
import styles from './editor.module.css';

type Command = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList';
const TOOLS: [Command, string, string][] = [
  ['bold', 'Bold', 'B'],
  ['italic', 'Italic', 'I'],
  ['insertUnorderedList', 'Bulleted list', '•'],
  ['insertOrderedList', 'Numbered list', '1.'],
];

/**
 * A description's small rich-text editor: a contenteditable with bold, italic, link and list
 * buttons. What it stores is normalised (lib/rich-text.ts) to the elements the description
 * sanitiser keeps as is, so the visitor sees exactly what the publisher wrote.
 */
export function RichTextField({
  label,
  value,
  onChange,
  error,
  path,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  path: string;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('https://');
  const [linkError, setLinkError] = useState('');
  const saved = useRef<Range | null>(null);
  const last = useRef<string | null>(null);

  // The box shows the stored text, except while it is the text the box itself just made
  // (rewriting it would move the caret). Sanitised first: the box is live markup, and a stored
  // description (imported, or saved through the API) may hold `<img onerror>` or a `<meta
  // http-equiv=refresh>` that would load or navigate the studio page (docs/security.md).
  useEffect(() => {
    if (box.current && value !== last.current) {
      box.current.innerHTML = DOMPurify.sanitize(value);
      last.current = value;
    }
  }, [value]);

  const commit = () => {
    if (!box.current) return;
    const html = normaliseRichText(box.current.innerHTML);
    last.current = html;
    if (html !== value) onChange(html);
  };
  const run = (command: Command) => {
    box.current?.focus();
    document.execCommand(command);
    commit();
  };
  const openLink = () => {
    const sel = getSelection();
    saved.current = sel && sel.rangeCount > 0 ? sel.getRangeAt(0).cloneRange() : null;
    setHref('https://');
    setLinkError('');
    setLinkOpen(true);
  };
  const addLink = () => {
    const safe = safeHref(href);
    if (!safe) return setLinkError('Enter a web address (https://…) or mailto: address.');
    box.current?.focus();
    const sel = getSelection();
    if (saved.current && sel) {
      sel.removeAllRanges();
      sel.addRange(saved.current);
    }
    if (sel && !sel.isCollapsed) document.execCommand('createLink', false, safe);
    else document.execCommand('insertHTML', false, `<a href="${encodeURI(safe)}">${safe}</a>`);
    setLinkOpen(false);
    commit();
  };

  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <div className={styles.rich}>
        <div className={styles.toolbar} role="toolbar" aria-label={`${label} formatting`}>
          {TOOLS.map(([command, name, glyph]) => (
            <button
              key={command}
              type="button"
              className={styles.tool}
              aria-label={name}
              title={name}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(command)}
            >
              <span aria-hidden="true" data-tool={command}>
                {glyph}
              </span>
            </button>
          ))}
          <button
            type="button"
            className={styles.tool}
            aria-label="Link"
            title="Link"
            aria-expanded={linkOpen}
            onMouseDown={(e) => e.preventDefault()}
            onClick={openLink}
          >
            <LinkIcon size={18} />
          </button>
        </div>
        {linkOpen && (
          <div className={styles.linkRow}>
            <label htmlFor={`${id}-href`} className="visually-hidden">
              Link address
            </label>
            <input
              id={`${id}-href`}
              className={styles.input}
              value={href}
              autoFocus
              aria-invalid={linkError ? true : undefined}
              aria-describedby={linkError ? `${id}-href-error` : undefined}
              onChange={(e) => setHref(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addLink();
                } else if (e.key === 'Escape') setLinkOpen(false);
              }}
            />
            <button type="button" className={styles.smallButton} onClick={addLink}>
              Add link
            </button>
            <button type="button" className={styles.smallGhost} onClick={() => setLinkOpen(false)}>
              Cancel
            </button>
            {linkError && (
              <p id={`${id}-href-error`} className={styles.error}>
                {linkError}
              </p>
            )}
          </div>
        )}
        <div
          ref={box}
          className={styles.richBox}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-path={path}
          tabIndex={0}
          onInput={commit}
          onBlur={commit}
        />
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

const LinkIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </Icon>
);
