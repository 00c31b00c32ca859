import { publicConfig } from '../config';
import type { FormCopy } from './types';

/** Words every lead form shares. The labels are the spec's (§4, §8, §9). */
export const formCopy = {
  emailLabel: 'Email address',
  emailPlaceholder: 'you@company.com',
  /** The sign-up form component's default button (§9). */
  signUpDefault: {
    submit: 'Get Instant Access',
    submitting: 'Submitting...',
    success: "You're in — check your email to confirm.",
    error: 'Sorry, we could not sign you up just now. Please check your email and try again.',
  } satisfies FormCopy,
  honeypotLabel: 'Leave this field empty',
} as const;

/** After joining the waitlist: on to the bonus and the personal share link (D10). */
export const waitlistBonusLink = {
  label: 'Get your bonus now →',
  href: `${publicConfig.origins.main}/thank-you?code={code}`,
} as const;
