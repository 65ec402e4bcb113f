import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/** The generic modal of SPEC section 2: a title, a close button, content; Radix handles focus and Escape. */
export function Modal({ open, onOpenChange, title, description, children, footer, className }: ModalProps) {
  // Radix returns focus to a Dialog.Trigger; these modals open from ordinary buttons, so the modal remembers
  // what had focus when it opened and goes back there when it closes (keyboard users keep their place).
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {children ? <div className="mt-5">{children}</div> : null}
          {footer ? <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface FormModalProps extends Omit<ModalProps, 'onOpenChange' | 'footer'> {
  /** Called when the person closes the modal (Cancel, Escape, the close button); never while pending. */
  onClose: () => void;
  /** The form's id: the footer sits outside the form and submits it through the button's form attribute. */
  formId: string;
  submitLabel: string;
  pending: boolean;
  /** For a change that takes something away (turning a protection off). */
  danger?: boolean;
  /** Nothing to submit yet. */
  disabled?: boolean;
}

/**
 * A modal around one form: Cancel, and the button that submits the form; both wait while it is pending, and the
 * modal cannot be closed until the answer is in.
 */
export function FormModal({
  onClose,
  formId,
  submitLabel,
  pending,
  danger,
  disabled,
  ...modal
}: FormModalProps) {
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Modal
      {...modal}
      onOpenChange={(next) => !next && close()}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            type="submit"
            form={formId}
            pending={pending}
            disabled={disabled}
          >
            {submitLabel}
          </Button>
        </>
      }
    />
  );
}
