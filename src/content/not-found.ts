import type { PageMeta } from './types';

export const meta: PageMeta = {
  title: 'Page not found',
  description: 'This page does not exist.',
  theme: 'main',
};

export const copy = {
  heading: '404',
  text: 'Oops! Page not found',
  homeLink: { label: 'Return to Home', href: '/' },
  consoleMessage: '404 Error: User attempted to access non-existent route:',
} as const;
