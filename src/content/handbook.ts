import { downloads } from '../../contracts/downloads';
import type { HandbookFormProps } from '../components/handbook/handbook-form';
import type { UnlockBarProps } from '../components/handbook/unlock-bar';
import { publicConfig } from '../config';
import { formCopy } from './forms';
import { founder } from './site';
import type { PageMeta } from './types';

/** The handbook landing page (spec §2.6, D3, D9, D11). */

const offer = { kicker: 'Free handbook', heading: 'Get my 11 CheatCodes — free' };
/** The big "11" card beside the form, and on the share image. */
const badge = {
  number: '11',
  label: 'CheatCodes',
  note: 'A short PDF. Read it on the train, use it the same day.',
};

export const meta: PageMeta = {
  title: 'Get the 11 CheatCodes handbook — free',
  description:
    'The free handbook: 11 cheatcodes for founders who want to move faster. Sent to your inbox instantly.',
  theme: 'main',
  card: {
    kicker: offer.kicker,
    headline: offer.heading,
    detail: badge.note,
    badge: { value: badge.number, label: badge.label },
  },
};

const window = {
  mode: publicConfig.handbookCountdown.mode,
  deadline: publicConfig.handbookCountdown.deadline,
  // Spec §4, §9: a random whole number of seconds from 35 to 55.
  simulatedSeconds: { min: 35, max: 55 },
};

export const bar = {
  label: 'Unlock window',
  prefix: 'Unlock window ends in',
  units: { d: 'd', h: 'h', m: 'm', s: 's' },
  window,
  prerenderSeconds: 45,
} as const satisfies UnlockBarProps;

export const hero = {
  ...offer,
  sub: `The shortcuts ${founder.name} wishes someone had handed him before he built (and sold) his first company. Free, in one short PDF.`,
  points: [
    'The 5 numbers that tell you if a business is working',
    'How to sell something before you build it',
    'The hiring rule that saved my agency',
  ],
  trustLine: 'Instant download. No spam. 4,423+ insiders already winning with these codes.',
  badge,
} as const;

export const form = {
  id: 'handbook-form',
  emailLabel: formCopy.emailLabel,
  emailPlaceholder: formCopy.emailPlaceholder,
  copy: {
    submit: 'Send Me My CheatCodes',
    submitting: 'Submitting...',
    success: 'Unlocked! Your handbook is opening…',
    error: formCopy.signUpDefault.error,
  },
  closedSubmit: 'Unlock My CheatCodes Now',
  window,
  download: downloads.handbook,
} as const satisfies HandbookFormProps;
