import type { SiteId } from '../../contracts/sites';
import { founder } from './site';

/**
 * The downloadable PDFs' words (D9, D10, D21): the free handbook of 11 CheatCodes, the
 * thank-you bonus and the second bonus a visitor unlocks by sharing. Sample copy from the
 * fictional founder; the build renders them (src/pdf/, scripts/downloads.ts).
 */
export interface CheatCode {
  title: string;
  body: string;
  action: string;
}

export interface PdfBook {
  fileTitle: string;
  kicker: string;
  title: string;
  subtitle: string;
  intro: string;
  contentsLabel: string;
  itemLabel: string;
  actionLabel: string;
  items: readonly CheatCode[];
  closing: { heading: string; body: string; linksLabel: string };
}

export const pdfAuthor = founder.name;

/** The closing page's links, on the site that serves each page. */
export const closingLinks = [
  { label: 'Weekly CheatCodes by email', site: 'main', path: '/#newsletter' },
  { label: 'Join the book waitlist', site: 'waitlist', path: '/' },
  { label: 'The £49 live workshop', site: 'sellable-business', path: '/cohort' },
] as const satisfies ReadonlyArray<{ label: string; site: SiteId; path: string }>;

export const handbook: PdfBook = {
  fileTitle: 'The 11 CheatCodes',
  kicker: 'The free handbook',
  title: 'The 11 CheatCodes',
  subtitle:
    'The shortcuts I wish someone had handed me before I built (and sold) my first company.',
  intro:
    'I grew up on a council estate, started selling trainers at 16, built a Gen Z agency at 21 and sold it at 27. None of that took genius. It took a handful of habits that most people skip because they look too simple. Here are eleven of them. Read one a day, and do the action before you read the next.',
  contentsLabel: 'Inside',
  itemLabel: 'CheatCode',
  actionLabel: 'Do this today',
  items: [
    {
      title: 'Sell it before you build it',
      body: 'Describe the thing in one sentence and ask ten people to pay for it now, before it exists. Three yeses is a business. Zero is a lesson you learned for free.',
      action: 'Write your one-sentence offer and send it to ten people.',
    },
    {
      title: 'Know your five numbers',
      body: 'Revenue, gross margin, cash in the bank, cost to win a customer and what a customer is worth. If you cannot say them from memory, you are guessing.',
      action: 'Put your five numbers on one page and check them every Monday.',
    },
    {
      title: 'The three-second rule',
      body: 'Nobody buys what they cannot understand in three seconds. If your headline needs a second read, it needs a rewrite.',
      action: 'Show your homepage to a stranger for three seconds. Ask what you sell.',
    },
    {
      title: 'Hire for the job you hate',
      body: 'Your first hire should take the work that drains you, not the work you love. Energy is the founder’s scarcest resource.',
      action: 'List every task you did this week and mark the ones that drain you.',
    },
    {
      title: 'Price on value, not on effort',
      body: 'Clients pay for the result, not your hours. Charge for what the problem costs them, and the work gets easier to sell.',
      action: 'Work out what your best client’s problem cost them before you fixed it.',
    },
    {
      title: 'One channel, done properly',
      body: 'Every new business tries five marketing channels badly. Pick one where your customers already are and get great at it before you add another.',
      action: 'Choose one channel and commit to it for ninety days.',
    },
    {
      title: 'Ship ugly, fix fast',
      body: 'The first version will embarrass you. Ship it anyway. Feedback from real customers beats a month of polishing in private.',
      action: 'Find the thing you have been polishing and put it in front of a customer.',
    },
    {
      title: 'Cash is oxygen',
      body: 'Profitable companies die when the cash runs out. Get paid up front where you can, and know your runway to the week.',
      action: 'Work out how many weeks your business survives with no new sales.',
    },
    {
      title: 'Build the business to sell',
      body: 'Even if you never sell, run it as if a buyer is coming: clean numbers, written processes and a team that does not need you in every meeting.',
      action: 'Write down one process only you know, so someone else can run it.',
    },
    {
      title: 'Steal the first hour',
      body: 'Your most important work gets done before the inbox opens or it does not get done. Protect the first hour like a meeting with your best client.',
      action: 'Block tomorrow’s first hour and tell one person what you will finish.',
    },
    {
      title: 'Excuses are expensive',
      body: 'Not enough time, money or experience: every founder had all three. The only difference is who started anyway. Your excuse has a price, and you are paying it.',
      action: 'Write down your excuse, then the smallest step that ignores it.',
    },
  ],
  closing: {
    heading: 'What’s next',
    body: 'These came from the book I am writing, What’s Stopping You?, and from the workshop I run for founders. If they helped, come and find the rest.',
    linksLabel: 'Keep going',
  },
};

/** The thank-you page's bonus (D10): the "3 CheatCodes from the book" the waitlist promises. */
export const bonus: PdfBook = {
  fileTitle: '3 CheatCodes from What’s Stopping You?',
  kicker: 'Your waitlist bonus',
  title: '3 CheatCodes from the book',
  subtitle: 'Three chapters in miniature from What’s Stopping You?, before anyone else reads it.',
  intro:
    'Thanks for joining the waitlist. The book is about the excuses that keep good people small. Here are three CheatCodes from it, one for each of the excuses I hear most: no time, no money, no idea.',
  contentsLabel: 'Inside',
  itemLabel: 'CheatCode',
  actionLabel: 'Do this today',
  items: [
    {
      title: '“I don’t have time”: the 30-minute company',
      body: 'You do not need a free year. You need thirty protected minutes a day and a list of tasks small enough to finish in them.',
      action: 'Write ten tasks that each take under thirty minutes.',
    },
    {
      title: '“I don’t have money”: pre-sell it',
      body: 'Customers can fund the first version. Take deposits for something you will deliver in four weeks, and build it with their money.',
      action: 'Offer a founding-customer price to three people this week.',
    },
    {
      title: '“I don’t have an idea”: steal a complaint',
      body: 'Every complaint is a business idea in disguise. Listen for the sentence that starts “I wish someone would…”.',
      action: 'Collect five complaints from people around you and rank them.',
    },
  ],
  closing: {
    heading: 'Unlock the second bonus',
    body: 'Share your link with two friends. When they join the waitlist, your 2026 Planning Workbook unlocks on the thank-you page.',
    linksLabel: 'Links',
  },
};

/** The second bonus (two friends joined through the share link). */
export const secondBonus: PdfBook = {
  fileTitle: 'The 2026 Planning Workbook',
  kicker: 'Your second bonus',
  title: 'The 2026 Planning Workbook',
  subtitle: 'The one-page plan I use every January, with the prompts that fill it in.',
  intro:
    'Thank you for sharing. This is the planning routine I run every January. Give it one quiet evening and you will start the year with a plan you actually believe in.',
  contentsLabel: 'Inside',
  itemLabel: 'Step',
  actionLabel: 'Write it down',
  items: [
    {
      title: 'Look back before you look forward',
      body: 'What worked in 2025, what did not, and what you would never do again.',
      action: 'Three wins, three lessons, one thing you will stop.',
    },
    {
      title: 'Pick one number',
      body: 'A year has room for one big number: revenue, customers, savings or hours freed. Pick it and make it specific.',
      action: 'Write your number and the date you will hit it.',
    },
    {
      title: 'Work backwards to this week',
      body: 'Split the number into quarters, the quarter into months and the month into this week’s first move.',
      action: 'Write this week’s first move and put it in your calendar.',
    },
    {
      title: 'Name your excuse in advance',
      body: 'You already know the excuse you will use in March. Write it down now, and the answer to it.',
      action: 'Your excuse, and what you will do when you hear yourself say it.',
    },
  ],
  closing: {
    heading: 'See you on 15 January',
    body: 'The book ships on 15 January 2026, the day of the live planning webinar. Bring this workbook.',
    linksLabel: 'Links',
  },
};
