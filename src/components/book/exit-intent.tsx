import { useEffect, useState } from 'react';
import type { Link } from '../../content/types';
import { ButtonLink, buttonVariants } from '../ui/button';
import { Dialog } from '../ui/dialog';

export interface ExitIntentProps {
  heading: string;
  body: string;
  join: Link;
  dismiss: string;
  closeLabel: string;
}

/** Product brief §4, D15: shown once per visitor, remembered in storage. */
export const exitIntentShownKey = 'book_exit_intent_shown';

function alreadyShown(): boolean {
  try {
    return window.localStorage.getItem(exitIntentShownKey) === 'true';
  } catch {
    return true; // Storage blocked: we could not remember, so do not risk showing it twice.
  }
}

function rememberShown() {
  try {
    window.localStorage.setItem(exitIntentShownKey, 'true');
  } catch {
    // Storage blocked: the pop-up still closes normally.
  }
}

/**
 * The exit-intent pop-up (product brief §2.4 item 11, D15): the invitation to the free community, when
 * the pointer leaves through the top of the viewport on a device with a fine pointer (never on
 * touch), at most once per visitor. A browser cannot show custom UI on unload, so that is not
 * imitated.
 */
export function ExitIntent({ heading, body, join, dismiss, closeLabel }: ExitIntentProps) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!window.matchMedia('(hover: hover) and (pointer: fine)').matches || alreadyShown()) return;
    const onLeave = (event: MouseEvent) => {
      // Leaving the document (no element to go to) across its top edge.
      if (event.relatedTarget !== null || event.clientY > 0) return;
      document.removeEventListener('mouseout', onLeave);
      rememberShown();
      setOpen(true);
    };
    document.addEventListener('mouseout', onLeave);
    return () => document.removeEventListener('mouseout', onLeave);
  }, []);

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={heading}
      description={body}
      closeLabel={closeLabel}
    >
      <div className="mt-8 flex flex-wrap items-center gap-4">
        <ButtonLink href={join.href} external size="lg" track={{ location: 'exit-intent' }}>
          {join.label}
        </ButtonLink>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className={buttonVariants({ variant: 'link' })}
        >
          {dismiss}
        </button>
      </div>
    </Dialog>
  );
}
