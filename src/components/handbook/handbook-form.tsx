import type { SignUpFormContent } from '../../content/types';
import { type UnlockWindowConfig, unlockSecondsLeft } from '../../lib/unlock-window';
import { useNow } from '../../lib/use-now';
import { SignUpForm } from '../lead-form/sign-up-form';

export interface HandbookFormProps extends SignUpFormContent {
  /** The button once the unlock window has run out (product brief §2.6). */
  closedSubmit: string;
  window: UnlockWindowConfig;
  /** Where the visitor goes once signed up: the handbook PDF (D9). */
  download: string;
}

/**
 * The handbook sign-up: "Send Me My CheatCodes", relabelled "Unlock My CheatCodes Now" when the
 * unlock window reaches zero (product brief §2.6; decision 010), then straight to the PDF.
 */
export function HandbookForm({ copy, closedSubmit, window, download, ...form }: HandbookFormProps) {
  const seconds = unlockSecondsLeft(window, useNow());
  return (
    <SignUpForm
      {...form}
      list="handbook"
      stacked
      copy={seconds === 0 ? { ...copy, submit: closedSubmit } : copy}
      successDisplay="inline"
      onSuccess={{ kind: 'go-to', href: download }}
    />
  );
}
