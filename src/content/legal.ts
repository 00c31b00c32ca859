import { founder } from './site';
import type { PageMeta } from './types';

/** D7: the legal pages. Sample text for the owner (and their adviser) to review before launch. */

export interface LegalDocument {
  meta: PageMeta;
  heading: string;
  updated: string;
  sections: ReadonlyArray<{ heading: string; paragraphs: readonly string[] }>;
}

const contactEmail = 'privacy@example.com';

export const terms: LegalDocument = {
  meta: {
    title: 'Terms of use',
    description: `The terms that apply when you use ${founder.name}’s websites.`,
    theme: 'main',
  },
  heading: 'Terms of use',
  updated: 'Last updated: 1 September 2025',
  sections: [
    {
      heading: 'Using this site',
      paragraphs: [
        `These sites are run by ${founder.name}. By using them you agree to these terms. If you do not agree, please do not use the sites.`,
        'The content is general information about business and is not financial, legal or tax advice. Make your own decisions and take professional advice where you need it.',
      ],
    },
    {
      heading: 'Purchases',
      paragraphs: [
        'The workshop, the cohort and the book are sold through third parties (a card-payment checkout, a booking page and an online retailer). Their terms apply to those purchases, including your statutory right to cancel.',
      ],
    },
    {
      heading: 'Content',
      paragraphs: [
        'All text, artwork and downloads on these sites belong to us unless stated otherwise. You may share links and short quotes with credit; please do not republish whole pages or downloads.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [`Questions about these terms: ${contactEmail}.`],
    },
  ],
};

export const privacy: LegalDocument = {
  meta: {
    title: 'Privacy notice',
    description:
      'What we collect when you sign up or get in touch, why, how long we keep it and your rights under UK GDPR.',
    theme: 'main',
  },
  heading: 'Privacy notice',
  updated: 'Last updated: 1 September 2025',
  sections: [
    {
      heading: 'What we collect',
      paragraphs: [
        'When you join a list (newsletter, book waitlist or handbook) we store your email address, your first name if you give it, the list, the page you signed up on and the campaign that brought you (UTM parameters).',
        'When you send an enquiry we store your name, email address and message.',
        'With each submission we keep the time and a one-way hash of your IP address, used only to hold off abuse. We never store the address itself.',
      ],
    },
    {
      heading: 'Why, and on what basis',
      paragraphs: [
        'Sign-ups: to send you what you asked for, on the basis of your consent. Every email has a one-click unsubscribe.',
        'Enquiries: to reply to you, on the basis of our legitimate interest in answering messages.',
      ],
    },
    {
      heading: 'Who else sees it',
      paragraphs: [
        'Our email provider (Kit) receives sign-ups so that it can send the emails. Enquiries are forwarded to our own inbox. Analytics and advertising tags run only if you accept them (see the cookie notice).',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Enquiries and sign-up records are deleted after 12 months, or sooner if you ask. Your subscription to a list lasts until you unsubscribe.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        `You can ask for a copy of your data, ask us to correct it, or ask us to erase it everywhere, by writing to ${contactEmail}. You can also complain to the Information Commissioner’s Office (ico.org.uk).`,
      ],
    },
  ],
};

export const cookies: LegalDocument = {
  meta: {
    title: 'Cookie notice',
    description:
      'Which cookies and similar technologies these sites use, and how to change your choice.',
    theme: 'main',
  },
  heading: 'Cookie notice',
  updated: 'Last updated: 1 September 2025',
  sections: [
    {
      heading: 'Strictly necessary',
      paragraphs: [
        'We store your cookie choice, and small values that make the page work (for example that you already joined the waitlist), in your browser’s local storage. These need no consent.',
      ],
    },
    {
      heading: 'Only with your consent',
      paragraphs: [
        'Analytics (Google Analytics 4), the advertising pixel (Meta) and embedded video players load only after you accept them. Until then no request is made to those companies.',
      ],
    },
    {
      heading: 'Changing your mind',
      paragraphs: [
        'You can change or withdraw your consent at any time from the cookie settings link in the footer.',
      ],
    },
  ],
};
