import type { PageMeta } from './types';

export const meta: PageMeta = {
  title: 'Get the 11 CheatCodes handbook — free',
  description:
    'The free handbook: 11 cheatcodes for founders who want to move faster. Sent to your inbox instantly.',
  theme: 'main',
};

export const bar = { prefix: 'Unlock window ends in', suffix: 's' } as const;

export const hero = {
  headline: 'Get my 11 CheatCodes — free',
  sub: 'The shortcuts I wish someone had handed me before I built (and sold) my first company.',
  emailLabel: 'Email address',
  submitLabel: 'Unlock My CheatCodes Now',
  trustLine: 'Instant download. No spam. 4,423+ insiders already winning with these codes.',
} as const;
