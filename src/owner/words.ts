/**
 * The owner's room's own words. The room is the owner's tool, not the site they publish, so its
 * words live here rather than in content/ (which holds what visitors read).
 */

/** "1 sign-up", "3 sign-ups". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const words = {
  title: 'Owner’s room',
  needsScript: 'The owner’s room needs JavaScript: passkeys work only with it.',
  signIn: {
    heading: 'Sign in',
    lead: 'Use the passkey you made when you were invited: your phone, laptop or security key.',
    button: 'Sign in with a passkey',
    working: 'Waiting for your passkey…',
    cancelled: 'Signing in was cancelled. Try again when you are ready.',
    lost: 'Lost your passkey? Ask another owner, or whoever runs the server, for a new invite.',
  },
  welcome: {
    heading: 'Welcome',
    lead: 'Make a passkey to enter the owner’s room. It stays on this device (or your password manager); there is no password to remember.',
    label: 'Name this passkey',
    labelHint: 'So you can tell your passkeys apart later, e.g. “Laptop” or “Phone”.',
    defaultLabel: 'This device',
    button: 'Make my passkey',
    working: 'Waiting for your device…',
    noInvite:
      'This page needs the invite link exactly as it was sent, including everything after the #.',
    cancelled: 'Making the passkey was cancelled. The invite still works until it expires.',
  },
  room: {
    heading: 'Owner’s room',
    signedInAs: 'Signed in as',
    signOut: 'Sign out',
    signOutEverywhere: 'Sign out everywhere',
    signOutEverywhereHint: 'Ends every session of yours, on every device.',
    passkeys: 'Your passkeys',
    added: 'Added',
    lastUsed: 'last used',
    never: 'never used',
    addPasskey: 'Add a passkey',
    passkeyAdded: 'Passkey added.',
    removePasskey: 'Remove',
    removePasskeyLabel: (label: string) => `Remove the passkey “${label}”`,
    confirmRemovePasskey: (label: string) =>
      `Remove the passkey “${label}”? It will no longer open the room.`,
    passkeyRemoved: (label: string) => `Passkey “${label}” removed.`,
    onlyPasskey: 'This is your only passkey: add another before you remove it.',
    passkeysHint:
      'Adding or removing a passkey asks for one of your passkeys first if you signed in more than ten minutes ago.',
    sessions: (n: number) => count(n, 'open session', 'open sessions'),
    audit: 'What happened',
    auditEmpty: 'Nothing yet.',
    auditWho: 'Who',
    auditWhen: 'When',
    auditWhat: 'What',
    nobody: '—',
  },
  editor: {
    /** The room's link to it. */
    open: 'Edit the content',
  },
  publish: {
    heading: 'Publish',
    servingBuild: 'The site shows the content it was built with. Edit, preview, then publish.',
    serving: (n: number) => `The site shows version ${n}.`,
    preview: 'Preview',
    previewing: 'Rendering the preview…',
    previewPages: 'Preview of your edits (only you can see these):',
    publish: 'Publish',
    publishing: 'Publishing…',
    published: (n: number) => `Published: the site now shows version ${n}.`,
    versions: 'Versions',
    noVersions: 'Nothing published from the room yet.',
    version: 'Version',
    when: 'When',
    who: 'Who',
    changed: 'What changed',
    actions: 'Actions',
    live: 'live',
    nothingChanged: 'nothing',
    rolledBackTo: (n: number) => `Back to version ${n}:`,
    rollBack: 'Roll back',
    rollBackLabel: (n: number) => `Roll back to version ${n}`,
    confirmRollBack: (n: number) =>
      `Publish version ${n} again? Your working copy becomes version ${n} too.`,
    rolledBack: (from: number, to: number) =>
      `Rolled back: version ${from} is live again, as version ${to}.`,
    /** How much of a publish's caps the working copy takes. */
    usage: (files: number, maxFiles: number, bytes: number, maxBytes: number) => {
      const megabytes = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
      return `Your content takes ${files} of ${maxFiles} files and ${megabytes(bytes)} of ${megabytes(maxBytes)}. Pictures no page uses are left out of a publish.`;
    },
    /** Why this server could not prepare a version's pages. */
    renderFailure: {
      timeout: 'took too long',
      memory: 'ran out of memory',
      crash: 'failed',
    },
    renderRetrying: (n: number, why: string, attempts: number, serving: string) =>
      `Version ${n} is not live on this server yet: preparing its pages ${why} (${count(attempts, 'try', 'tries')} so far). The site still shows ${serving}; the server tries again by itself.`,
    renderGaveUp: (n: number, why: string, attempts: number, serving: string) =>
      `Version ${n} could not be put live on this server: preparing its pages ${why}, ${count(attempts, 'time', 'times')}, and it has stopped trying. The site still shows ${serving}. Publish again to try once more, or roll back to a version that worked.`,
    servingWhat: (n: number) => (n === 0 ? 'the content it was built with' : `version ${n}`),
  },
  funnel: {
    heading: 'From visit to sale',
    period: 'Period',
    from: 'From',
    to: 'To',
    show: 'Show',
    lastDays: (n: number) => `Last ${n} days`,
    periodShown: (from: string, to: string) => `${from} to ${to}, in UTC days`,
    loading: 'Loading the figures…',
    views: 'Views',
    visitors: 'Visitors',
    signUps: 'Sign-ups',
    confirmed: 'Confirmed',
    confirmedHint: 'Sign-ups who clicked Kit’s confirmation email',
    conversion: 'Conversion',
    enquiries: 'Enquiries',
    viewsHint: 'Pages opened in a browser; bots and prefetches are not counted.',
    visitorsHint: 'Different visitors each day, added up over the days.',
    conversionHint: 'Sign-ups divided by visitors.',
    checkouts: 'Checkouts started',
    checkoutsHint: 'Clicks on a checkout button, counted like views.',
    sales: 'Sales',
    salesHint: 'Paid workshop places; one refunded in full no longer counts.',
    revenue: 'Revenue',
    revenueHint: 'What the sales brought in, refunds taken off.',
    byDay: 'By day',
    chartTitle: 'Visitors and sign-ups by day',
    chartSummary: (days: number, busiest: string, visitors: number) =>
      `Visitors and sign-ups on each of ${days} days. Most visitors: ${visitors}, on ${busiest}. Every figure is in the table “Figures by day”.`,
    chartHighest: (n: string) => `Highest: ${n}`,
    dayFigures: 'Figures by day',
    bySource: 'By source',
    byPage: 'By page',
    source: 'Source',
    page: 'Page',
    day: 'Day',
    total: 'Total',
    nothing: 'No visits or sign-ups in this period.',
    barLabel: (key: string, visitors: number, signUps: number) =>
      `${key}: ${visitors} visitors, ${signUps} sign-ups`,
  },
  leads: {
    heading: 'Latest leads',
    search: 'Search leads',
    searchHint: 'Part of an email address, a name or a source.',
    searchButton: 'Search',
    clear: 'Show all',
    when: 'When',
    email: 'Email',
    name: 'Name',
    what: 'What',
    source: 'Source',
    page: 'Page',
    enquiry: 'Enquiry',
    signUp: (list: string) => `Sign-up: ${list}`,
    status: 'In Kit',
    statuses: {
      unconfirmed: 'Not yet confirmed',
      confirmed: 'Confirmed',
      unsubscribed: 'Unsubscribed',
      bounced: 'Bounced',
      complained: 'Marked as spam',
    },
    none: 'No leads yet.',
    noMatch: (search: string) => `No lead matches “${search}”.`,
    shown: (n: number) => `${n} shown, newest first.`,
    exportSignUps: 'Export sign-ups (CSV)',
    exportEnquiries: 'Export enquiries (CSV)',
    exportSales: 'Export sales (CSV)',
    exportHint: 'Every lead, oldest first, ready for a spreadsheet. Each export is logged.',
  },
  outbox: {
    actions: 'Actions',
    heading: 'Outbox',
    lead: 'Sign-ups and enquiries on their way to Kit and to your inbox.',
    summary: (pending: number, failed: number) => `${pending} waiting, ${failed} failed.`,
    empty: 'Nothing waiting: everything has been sent.',
    job: 'Job',
    kind: 'What',
    status: 'State',
    tries: 'Tries',
    next: 'Next try',
    error: 'Last error',
    pending: 'Waiting',
    failed: 'Failed',
    retry: 'Retry',
    retryLabel: (id: string) => `Retry job ${id}`,
    retryAll: 'Retry every failed job',
    queued: (n: number) => `${count(n, 'job', 'jobs')} queued again.`,
  },
  erasure: {
    heading: 'Erase a person',
    lead: 'Removes everything held about one email address: their enquiries, their sign-ups on every list, the buyer in their workshop sales (the amounts stay for your books) and what is still waiting to be sent. Kit and Stripe keep their own copies: remove the person there too.',
    email: 'Their email address',
    next: 'Erase…',
    confirm: (email: string) => `Erase everything held about ${email}? This cannot be undone.`,
    yes: 'Yes, erase',
    cancel: 'Cancel',
    done: (erased: {
      subscribers: number;
      contactSubmissions: number;
      outboxJobs: number;
      sales: number;
    }) =>
      `Erased ${count(erased.subscribers, 'sign-up', 'sign-ups')}, ${count(erased.contactSubmissions, 'enquiry', 'enquiries')} and ${count(erased.outboxJobs, 'waiting job', 'waiting jobs')}${erased.sales > 0 ? `; ${count(erased.sales, 'sale keeps', 'sales keep')} its amount without the buyer` : ''}.`,
    nothingHeld: 'Nothing was held about that address.',
  },
  /** The names of the fields the server may point at, before its message ("From must be…"). */
  fields: {
    from: 'From',
    to: 'To',
    search: 'The search',
    limit: 'The number of leads',
    email: 'The email address',
    id: 'The job',
  } as Record<string, string>,
  failed: 'Something went wrong. Please try again.',
  alreadyEnrolled: 'This device already holds a passkey for the room: sign in with it instead.',
  noPasskeys:
    'This browser cannot use passkeys. Try an up-to-date Chrome, Safari, Firefox or Edge.',
} as const;
