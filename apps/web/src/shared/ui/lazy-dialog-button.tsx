import {
  lazy,
  Suspense,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';

/** What a dialog loaded on first use gets from its button. */
export type LazyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it, which gets the focus back when it closes. */
  trigger: RefObject<HTMLButtonElement | null>;
};

type ButtonProps = { className?: string; 'aria-label'?: string; children: ReactNode };

/**
 * A button whose dialog's code loads when the visitor reaches for it (pointer over it, or
 * focus), not with the page; the dialog is drawn from the first click on.
 */
export function lazyDialogButton(load: () => Promise<ComponentType<LazyDialogProps>>) {
  let pending: Promise<ComponentType<LazyDialogProps>> | undefined;
  const preload = () => (pending ??= load());
  const Dialog = lazy(() => preload().then((c) => ({ default: c })));

  return function LazyDialogButton({ className, children, ...aria }: ButtonProps) {
    const [open, setOpen] = useState(false);
    const [used, setUsed] = useState(false);
    const trigger = useRef<HTMLButtonElement>(null);
    return (
      <>
        <button
          ref={trigger}
          type="button"
          className={className}
          aria-label={aria['aria-label']}
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={() => void preload()}
          onFocus={() => void preload()}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        >
          {children}
        </button>
        {used && (
          <Suspense fallback={null}>
            <Dialog open={open} onOpenChange={setOpen} trigger={trigger} />
          </Suspense>
        )}
      </>
    );
  };
}
