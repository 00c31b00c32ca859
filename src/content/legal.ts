import { founder } from './site';
import type { Link, PageMeta } from './types';

/**
 * D7: the legal pages (terms, privacy notice, cookie notice), in plain English, describing what
 * this site really does (D8 lead capture, D20 consent, docs/decisions/007-lead-capture.md).
 * Sample text for the owner and their adviser to review before launch.
 *
 * NOTE FOR THE OWNER — before launch:
 * 1. Replace every `fill(…)` in `owner` below with the real detail as a plain string; until then
 *    each shows on the pages as a highlighted "[Owner: …]" marker.
 * 2. Replace `contactEmail` with the inbox that answers privacy requests.
 * 3. Keep the promises the text makes: run `npm run leads -- prune --older-than 365d` at least
 *    monthly (the 12 months below), delete enquiry emails from your inbox on the same cycle,
 *    answer requests within a month (`npm run leads -- forget EMAIL`, then delete the subscriber
 *    in Kit too), and set Google Analytics' data retention to 14 months.
 * 4. Whether the site's own local-storage values (the cookie table) need consent is a judgement
 *    for your adviser: they never leave the browser, so the notice lists them without asking.
 * 5. Change `updated` whenever a document changes.
 */

/** A detail only the owner can give: shown as a visible "[Owner: …]" marker until replaced. */
export interface OwnerDetail {
  fill: string;
}

/** A run of text: words, a link, or a detail the owner still has to fill in. */
export type Inline = string | Link | OwnerDetail;
export type RichText = readonly Inline[];

export type LegalBlock =
  | { kind: 'paragraph'; text: RichText }
  | { kind: 'list'; items: readonly RichText[] }
  | {
      kind: 'table';
      caption: string;
      /** The first column names the row (a row header); the rest are its details. */
      columns: readonly string[];
      rows: ReadonlyArray<readonly RichText[]>;
    }
  /** The button that opens the cookie settings (the consent banner wires `data-consent-open`). */
  | { kind: 'consent-button'; label: string };

export interface LegalSection {
  /** The anchor the table of contents links to. */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  meta: PageMeta;
  heading: string;
  /** One plain sentence or two under the heading: the document in short. */
  summary: string;
  /** ISO date (YYYY-MM-DD) of the last change. */
  updated: string;
  sections: readonly LegalSection[];
}

/** Words the three documents share. */
export const legalLabels = {
  kicker: 'Legal',
  lastUpdated: 'Last updated',
  contents: 'On this page',
  ownerDetail: 'Owner',
} as const;

const fill = (what: string): OwnerDetail => ({ fill: what });

/** A legal document's head: its title, which is also its share card's headline. */
const legalMeta = (title: string, description: string): PageMeta => ({
  title,
  description,
  theme: 'main',
  card: { kicker: legalLabels.kicker, headline: title },
});

/** The owner's details (see the note above). */
const owner = {
  name: fill('legal name of the business (company or sole trader)'),
  address: fill('registered or postal address'),
  companyNumber: fill('company number, or delete if a sole trader'),
  icoNumber: fill('ICO registration (data protection fee) number'),
  hosting: fill('hosting provider and the country its servers are in'),
  kitTransfer: fill(
    'the safeguard for transfers to Kit in the US, e.g. the UK Extension to the EU–US Data Privacy Framework',
  ),
  lawCountry: fill('England and Wales, or Scotland / Northern Ireland'),
};

const contactEmail = 'privacy@example.com';
const contactLink: Link = { label: contactEmail, href: `mailto:${contactEmail}` };
const icoComplaints: Link = {
  label: 'ico.org.uk/make-a-complaint',
  href: 'https://ico.org.uk/make-a-complaint/',
  external: true,
};
const privacyLink: Link = { label: 'privacy notice', href: '/privacy' };
const cookiesLink: Link = { label: 'cookie notice', href: '/cookies' };
const countingVisitsLink: Link = { label: 'privacy notice', href: '/privacy#counting-visits' };

/** A paragraph with links and owner details in place: paragraph`Write to ${contactLink}.` */
function paragraph(strings: TemplateStringsArray, ...parts: Inline[]): LegalBlock {
  const text = strings.flatMap((words, index) => {
    const part = parts[index];
    return [...(words ? [words] : []), ...(part === undefined ? [] : [part])];
  });
  return { kind: 'paragraph', text };
}
const list = (...items: string[]): LegalBlock => ({
  kind: 'list',
  items: items.map((item) => [item]),
});

const updated = '2026-11-23';

const whoWeAre: LegalSection = {
  id: 'who-we-are',
  heading: 'Who we are',
  blocks: [
    paragraph`These sites belong to ${founder.name}, trading through ${owner.name}, ${owner.address}, company number ${owner.companyNumber}. We are the “controller” of your personal data and registered with the Information Commissioner’s Office under number ${owner.icoNumber}.`,
    paragraph`For anything about your data, write to ${contactLink}.`,
  ],
};

export const terms: LegalDocument = {
  meta: legalMeta('Terms of use', `The terms that apply when you use ${founder.name}’s websites.`),
  heading: 'Terms of use',
  summary:
    'Use these sites fairly, treat what you read as general information rather than advice, and check the seller’s own terms when you buy something.',
  updated,
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      blocks: [
        paragraph`These sites are run by ${founder.name}, trading through ${owner.name}, ${owner.address}. By using them you agree to these terms; if you do not agree, please do not use the sites.`,
      ],
    },
    {
      id: 'not-advice',
      heading: 'General information, not advice',
      blocks: [
        paragraph`What you read, watch or download here is general information about building and selling a business. It is not financial, legal or tax advice. Make your own decisions and take professional advice where you need it.`,
      ],
    },
    {
      id: 'purchases',
      heading: 'Buying something',
      blocks: [
        paragraph`The workshop, the cohort and the book are sold through other companies: a card-payment checkout, a booking page and an online retailer. Their terms and privacy notices apply to those purchases, and so do your statutory rights, including your right to cancel.`,
      ],
    },
    {
      id: 'content',
      heading: 'Our content',
      blocks: [
        paragraph`The text, artwork, videos and downloads on these sites belong to us unless we say otherwise. You are welcome to share links and short quotes with credit; please do not republish whole pages or downloads.`,
      ],
    },
    {
      id: 'links',
      heading: 'Links to other sites',
      blocks: [
        paragraph`We link to social networks, retailers and payment providers. We do not control those sites and are not responsible for them.`,
      ],
    },
    {
      id: 'liability',
      heading: 'Our responsibility to you',
      blocks: [
        paragraph`We work to keep the sites accurate and available, but we cannot promise that they are always error-free or online. Nothing in these terms limits our liability where the law does not allow it to be limited, such as for death or personal injury caused by negligence, or for fraud.`,
      ],
    },
    {
      id: 'law',
      heading: 'The law that applies',
      blocks: [
        paragraph`These terms are governed by the law of ${owner.lawCountry}. If you live elsewhere in the UK you can also bring a claim in your local courts.`,
      ],
    },
    {
      id: 'contact',
      heading: 'Questions',
      blocks: [
        paragraph`Write to ${contactLink}. How we handle your data is in the ${privacyLink}; cookies and browser storage are in the ${cookiesLink}.`,
      ],
    },
  ],
};

export const privacy: LegalDocument = {
  meta: legalMeta(
    'Privacy notice',
    'What we collect when you sign up or get in touch, why, who receives it, how long we keep it and your rights under UK GDPR.',
  ),
  heading: 'Privacy notice',
  summary:
    'We collect only what each form asks for, use it to send you what you asked for or to reply, never sell it, and delete our records after 12 months. Visits are counted without cookies and without knowing who you are.',
  updated,
  sections: [
    whoWeAre,
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      blocks: [
        {
          kind: 'table',
          caption: 'What each form collects, and why',
          columns: ['Form', 'What you give us', 'What we use it for'],
          rows: [
            [
              ['Newsletter (home page)'],
              ['Your email address'],
              ['Sending you the newsletter, after you confirm by email'],
            ],
            [
              ['Book waitlist (home page)'],
              ['Your email address'],
              [
                'Sending you 3 CheatCodes from the book and telling you when it is out, after you confirm by email',
              ],
            ],
            [
              ['Book waitlist page'],
              ['Your email address and, if you give it, your first name'],
              ['The same, greeting you by name'],
            ],
            [
              ['The 11 CheatCodes handbook'],
              ['Your email address'],
              ['Sending you the handbook, after you confirm by email'],
            ],
            [
              ['Press and speaking enquiries (contact form)'],
              ['Your name, email address and message'],
              ['Replying to you'],
            ],
          ],
        },
        paragraph`With every sign-up we also record:`,
        list(
          'which list you joined, and the page and site you were on;',
          'how you found us: Instagram, LinkedIn, directly, the source named in the link you followed, or the website that linked to us;',
          'the campaign tags (“UTM parameters”) in that link, if it had any.',
        ),
        paragraph`With every sign-up and enquiry we record the time, which of our sites it came from, and a keyed one-way hash of your IP address, used only to stop the same device flooding the forms. We never store your IP address itself.`,
        paragraph`To keep automated spam out, when you start filling in a form your browser quietly works out a small puzzle our own server set (a “proof of work”) and sends the answer with the form. No other company is involved and nothing is stored on your device. We note only whether the answer came: a form sent without it (for example with JavaScript turned off) is still received.`,
        paragraph`We do not take payments here: when you buy something, the checkout, booking page or retailer collects what it needs under its own privacy notice.`,
      ],
    },
    {
      id: 'counting-visits',
      heading: 'Counting visits',
      blocks: [
        paragraph`When you open a page, our own server counts the visit, so that we know how many people see each page and how many of them go on to sign up. For each visit it records:`,
        list(
          'the page, and which of our sites it is on;',
          'the day, but not the time;',
          'how you arrived: Instagram, LinkedIn, directly, the source named in the link you followed, or the website that linked to us;',
          'an anonymous visitor code, so that someone who opens five pages in a day counts as one visitor.',
        ),
        paragraph`The visitor code is made by scrambling your IP address and the name and version your browser reports together with a random key that changes every day. We keep only the scrambled result, never your IP address. Each day’s key is deleted when the day is over: after that nobody, us included, can tell whose visit a code stands for, or link your visits on one day to another.`,
        paragraph`This counting uses no cookie and stores nothing on your device, so it does not need your consent (the ${cookiesLink} explains why). Search engines and the other automated visitors we recognise are left out.`,
      ],
    },
    {
      id: 'lawful-basis',
      heading: 'Why we may use it',
      blocks: [
        list(
          'Sign-ups: your consent, confirmed by the email you receive. You can withdraw it at any time by unsubscribing.',
          'Enquiries: our legitimate interest in answering the messages people send us.',
          'How you found us and the campaign tags: our legitimate interest in knowing which posts and campaigns work, so we spend our time well.',
          'The hashed IP address: our legitimate interest in keeping the forms free of abuse.',
          'Counting visits: our legitimate interest in knowing which pages help people and which do not, done in a way that identifies no one.',
          'Analytics and advertising tags: your consent, given in the cookie settings (see the cookie notice).',
        ),
      ],
    },
    {
      id: 'who-receives-it',
      heading: 'Who receives it',
      blocks: [
        paragraph`Your details are stored on our own server, run by ${owner.hosting}.`,
        paragraph`Sign-ups are passed to Kit (formerly ConvertKit), our email provider, which sends the confirmation email, the CheatCodes, the handbook and the newsletter. Kit is based in the United States; we rely on ${owner.kitTransfer} to protect your data there.`,
        paragraph`Enquiries are emailed to ${founder.name}’s own inbox so that we can reply.`,
        paragraph`Google (Analytics) and Meta (advertising) receive information about your visit only if you switch them on in the cookie settings, and never your name, email address or message.`,
        paragraph`We never sell your data or share it with anyone else, unless the law requires us to.`,
      ],
    },
    {
      id: 'how-long',
      heading: 'How long we keep it',
      blocks: [
        paragraph`We delete enquiries and sign-up records from our own systems 12 months after they arrive, or sooner if you ask. Enquiry emails in our inbox are deleted on the same cycle.`,
        paragraph`Your subscription itself is held by Kit and lasts until you unsubscribe or ask us to erase you. When you unsubscribe we stop emailing you straight away.`,
        paragraph`Visit counts identify no one once each day’s key is deleted, so we keep them for as long as they help us.`,
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights, and how to use them',
      blocks: [
        paragraph`Under UK data protection law you can:`,
        list(
          'ask for a copy of the data we hold about you;',
          'ask us to correct it;',
          'ask us to erase it: we delete it from our systems and from Kit;',
          'object to how we use it, or ask us to limit it;',
          'ask for your data in a form you can take elsewhere;',
          'withdraw your consent at any time, without affecting what we did before.',
        ),
        paragraph`To stop our emails, use the one-click unsubscribe link at the foot of every email. For anything else, write to ${contactLink}. It is free, and we answer within one month.`,
        paragraph`If you are unhappy with how we handled your data, please tell us first. You can also complain to the Information Commissioner’s Office at ${icoComplaints} or on 0303 123 1113.`,
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and browser storage',
      blocks: [
        paragraph`What these sites keep in your browser, and how to change your choice, is in the ${cookiesLink}.`,
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        paragraph`These sites are meant for adults. Please do not sign up if you are under 13.`,
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this notice',
      blocks: [
        paragraph`When we change how we use your data we update this page and the date at the top. If the change matters to subscribers, we will tell them by email.`,
      ],
    },
  ],
};

/** Every cookie and local-storage key these sites use: the cookie notice's table. */
const storageTable: LegalBlock = {
  kind: 'table',
  caption: 'Cookies and browser storage on these sites',
  columns: ['Name', 'What it does', 'Set by', 'How long it lasts', 'Needs your consent'],
  rows: [
    [
      ['consent'],
      ['Remembers your cookie choice (analytics, advertising, media), so we do not ask again'],
      ['This site, in local storage'],
      ['Until you change it or clear your browser’s storage'],
      ['No: it is how we keep your choice'],
    ],
    [
      ['ws_remaining'],
      ['Remembers the “spaces remaining” number shown on the waitlist page between visits'],
      ['This site, in local storage'],
      ['Until you clear your browser’s storage'],
      ['No: it never leaves your browser'],
    ],
    [
      ['ws_joined'],
      ['Notes that you joined the book waitlist on the home page'],
      ['This site, in local storage'],
      ['Until you clear your browser’s storage'],
      ['No: it never leaves your browser'],
    ],
    [
      ['book_exit_intent_shown'],
      ['Makes sure the book page’s pop-up invitation appears only once'],
      ['This site, in local storage'],
      ['Until you clear your browser’s storage'],
      ['No: it never leaves your browser'],
    ],
    [
      ['referral_code'],
      ['Keeps your personal share link on the thank-you page the same each time'],
      ['This site, in local storage'],
      ['Until you clear your browser’s storage'],
      ['No: it never leaves your browser'],
    ],
    [
      ['_ga'],
      [
        'Tells Google Analytics that two visits come from the same browser, so we can count visitors',
      ],
      ['Google Analytics, as a cookie'],
      ['2 years'],
      ['Yes: analytics'],
    ],
    [
      ['_ga_<id>'],
      ['Keeps the state of your visit for Google Analytics'],
      ['Google Analytics, as a cookie'],
      ['2 years'],
      ['Yes: analytics'],
    ],
    [
      ['_fbp'],
      ['Lets Meta measure our ads and show them to people likely to be interested'],
      ['Meta Pixel, as a cookie'],
      ['90 days'],
      ['Yes: advertising'],
    ],
    [
      ['Video player cookies'],
      ['Make embedded videos play, and let the video site count views'],
      ['YouTube or Vimeo, under their own cookie policies'],
      ['Set by the video site'],
      ['Yes: media'],
    ],
  ],
};

export const cookies: LegalDocument = {
  meta: legalMeta(
    'Cookie notice',
    'Every cookie and browser-storage value these sites use, what it does, and how to change your choice.',
  ),
  heading: 'Cookie notice',
  summary:
    'We set no cookies of our own, and count visits without any. Analytics, advertising and video players load only if you say yes, and you can change your mind at any time.',
  updated,
  sections: [
    {
      id: 'in-short',
      heading: 'In short',
      blocks: [
        paragraph`These sites keep a few small values in your browser’s local storage so that pages work as you expect. They stay on your device: we cannot read them from our server and no one else receives them.`,
        paragraph`Google Analytics, the Meta Pixel and video players set their own cookies. They load only after you switch them on in the cookie settings; until then your browser makes no request to those companies.`,
        paragraph`Our server also counts visits to each page, without any cookie or browser storage. That is why it needs no consent and has no row in the table below.`,
      ],
    },
    {
      id: 'what-we-store',
      heading: 'Everything we store',
      blocks: [storageTable],
    },
    {
      id: 'counting-visits',
      heading: 'Counting visits without cookies',
      blocks: [
        paragraph`To know how many people see each page and how many of them sign up, our server counts the requests your browser makes to open our pages: the page, the site, the day, how you arrived, and an anonymous visitor code that changes every day. It keeps no IP address. The ${countingVisitsLink} explains how the visitor code works.`,
        paragraph`The cookie rules (regulation 6 of the Privacy and Electronic Communications Regulations) cover storing information on your device and reading information stored there. This counting does neither: it uses only what every browser sends to open any web page. So it needs no consent. Under UK data protection law it rests on our legitimate interest in knowing which pages work.`,
      ],
    },
    {
      id: 'your-choices',
      heading: 'The choices you can make',
      blocks: [
        list(
          'Analytics: Google Analytics 4 counts visits and shows us which pages help, without your name or email.',
          'Advertising: the Meta Pixel measures our Instagram and Facebook ads.',
          'Media: YouTube or Vimeo play the videos on these pages. Without it you see a still picture where the video would be.',
        ),
        paragraph`Each is off until you switch it on. Turning them off does not stop any page or form from working.`,
      ],
    },
    {
      id: 'change-your-choice',
      heading: 'Changing your choice',
      blocks: [
        paragraph`The button below, and the “Cookie settings” link at the foot of every page, open the cookie settings, where you can switch each kind on or off at any time.`,
        { kind: 'consent-button', label: 'Change cookie settings' },
        paragraph`Switching something off stops it loading on the pages you open next, but cookies it already set stay until they expire or you delete them in your browser’s settings, where you can also clear this site’s storage.`,
      ],
    },
    {
      id: 'questions',
      heading: 'Questions',
      blocks: [
        paragraph`Write to ${contactLink}. How we use the details you give us in our forms is in the ${privacyLink}.`,
      ],
    },
  ],
};
