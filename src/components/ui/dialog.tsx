import * as DialogPrimitive from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { cn } from '../../lib/cn';
import { Close } from '../icons';

/**
 * The one modal dialog (exit-intent invitation, teaser video), on Radix: focus moves in, is
 * trapped while open and returns to where it was on close; Escape, the × button and a click on
 * the backdrop close it; the rest of the page is hidden from assistive technology meanwhile.
 * Controlled: the island that owns it decides when it opens.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  wide = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** The accessible name of the × button. */
  closeLabel: string;
  /** For a video: a wider box than a message needs. */
  wide?: boolean;
  children?: ReactNode;
}) {
  // Radix returns focus to its Trigger; these dialogs open by themselves (exit intent) or from
  // a button elsewhere, so focus goes back to whatever had it when the dialog opened.
  const returnFocusTo = useRef<Element | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-night/70 backdrop-blur-sm animate-[overlay-in_200ms_ease-out]" />
        <DialogPrimitive.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-paper p-7 text-ink shadow-[var(--shadow-card)] animate-[dialog-in_200ms_ease-out] md:p-10',
            wide ? 'max-w-3xl' : 'max-w-lg',
          )}
          onOpenAutoFocus={() => {
            returnFocusTo.current = document.activeElement;
          }}
          onCloseAutoFocus={(event) => {
            if (!(returnFocusTo.current instanceof HTMLElement)) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          // Without a description, say so, rather than let Radix warn about a missing one.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogPrimitive.Title className="pr-10 text-step-3 uppercase">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mt-4 text-step-1 leading-snug text-muted">
              {description}
            </DialogPrimitive.Description>
          ) : null}
          {children}
          <DialogPrimitive.Close
            aria-label={closeLabel}
            className="absolute top-4 right-4 flex size-11 items-center justify-center rounded-full transition-colors hover:bg-ink hover:text-paper"
          >
            <Close className="size-5" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
