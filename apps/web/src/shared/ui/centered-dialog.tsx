import * as Dialog from '@radix-ui/react-dialog';
import type { ComponentPropsWithRef } from 'react';
import dialogs from './dialog.module.css';

type Props = Omit<ComponentPropsWithRef<typeof Dialog.Content>, 'className'> & {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  /**
   * The frame: a class that composes `centered` (or `frame`) from dialog.module.css and sets
   * its width and padding.
   */
  className: string | undefined;
  /** The dim layer behind it; dialog.module.css's `overlay` unless it must sit higher. */
  overlayClassName?: string;
};

/**
 * A modal dialog in the middle of the screen over a dim layer: Radix's root, portal, overlay
 * and content, written once for every centred dialog (confirmations, sign-in, options). The
 * content's props (focus handling, role, labels) pass through to Radix.
 */
export function CenteredDialog({
  open,
  onOpenChange,
  className,
  overlayClassName = dialogs.overlay,
  children,
  ...content
}: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClassName} />
        <Dialog.Content className={className} {...content}>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
