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
  /** Each view of the room, as its navigation and the browser's tab name it (room-views.ts). */
  views: {
    'needs-you': 'Needs you',
    funnel: 'Funnel',
    leads: 'Leads',
    experiments: 'Experiments',
    writing: 'Writing',
    publish: 'Publish',
    outbox: 'Outbox',
    erasure: 'Erase a person',
    passkeys: 'Passkeys',
    log: 'What happened',
  },
  nav: {
    label: 'The room',
    menu: 'Menu',
    skip: 'Skip to the page',
    /** The navigation's groups, under their views. */
    groups: { audience: 'Your audience', site: 'Your site', care: 'Housekeeping' },
    /** The tab's name: the view's, then the room's. */
    title: (view: string) => `${view} · Owner’s room`,
    /** The editor is a document of its own: the link says it leaves the room's views. */
    editorHint: '(opens the editor)',
  },
  notFound: {
    heading: 'No such page in the room',
    lead: 'The address may be mistyped, or it was a page the room no longer has.',
    back: 'See what needs you',
  },
  needsYou: {
    lead: 'Your changes to publish, what could not be sent, experiments with a result and posts about to go out.',
    outbox: 'Not sent',
    failed: (n: number) => count(n, 'job failed', 'jobs failed'),
    failedLead:
      'Sign-ups, enquiries or emails that did not reach Kit or your inbox. Retry them in the outbox.',
    noneFailed: 'Nothing failed: every sign-up and enquiry went on its way.',
    openOutbox: 'Open the outbox',
    experiments: 'Experiments with a result',
    withResult: (n: number) => count(n, 'experiment', 'experiments'),
    noResult: 'No experiment has a result yet: each keeps collecting.',
    drifted: 'Its split has drifted from its plan: look before trusting it.',
    openExperiments: 'Open the experiments',
    comingOut: 'Coming out',
    ahead: (n: number) => count(n, 'post', 'posts'),
    nothingAhead: 'No published post is dated ahead. New newsletters wait under Publish.',
    openWriting: 'Open the writing',
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
    sessionsHeading: 'Your sessions',
    /** A scrolling table's region: named apart from the section around it, which names the table. */
    tableRegion: (table: string) => `${table} (table)`,
    audit: 'What happened',
    auditLead: 'Every sign-in, publish, export and erasure in the room, newest first.',
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
    /** The saved changes the next Publish takes: the files' names, the first of them only. */
    nothingToPublish: 'Nothing to publish: the site shows your latest changes.',
    unpublished: (n: number, names: readonly string[]) =>
      `${count(n, 'change', 'changes')} not yet on the site: ${names.join(', ')}${n > names.length ? `, and ${n - names.length} more` : ''}.`,
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
    /** The posts' newsletters the next Publish starts (docs/decisions/028-writing.md). */
    newsletters: 'Newsletters',
    willEmail: (n: number, at: string) =>
      `will email ${count(n, 'subscriber', 'subscribers')} at ${at}`,
    willEmailNow: (n: number) =>
      `will email ${count(n, 'subscriber', 'subscribers')} a minute after you publish`,
    willDraft: (n: number, at: string) =>
      `will be a draft in Kit by ${at}, for you to send to ${count(n, 'subscriber', 'subscribers')}`,
    willDraftNow: (n: number) =>
      `will be a draft in Kit when you publish, for you to send to ${count(n, 'subscriber', 'subscribers')}`,
    late: (date: string) =>
      `its date, ${date}, has passed: Publish puts it on the site without emailing it`,
    sendLate: (title: string) => `Send “${title}” all the same`,
    subscribersHint:
      'Subscribers: the sign-ups on this site that Kit has confirmed. Kit sends to everyone on your Kit list, who may be more.',
    notSent: (titles: readonly string[]) =>
      `Not emailed, as its date had passed: ${titles.map((title) => `“${title}”`).join(', ')}. To send it, tick it under Publish and publish again.`,
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
    heading: 'Outbox',
    lead: 'Sign-ups and enquiries on their way to Kit and to your inbox.',
    summary: (pending: number, failed: number) => `${pending} waiting, ${failed} failed.`,
    empty: 'Nothing waiting: everything has been sent.',
    tries: (n: number) => count(n, 'try', 'tries'),
    next: (at: string) => `next try ${at}`,
    gaveUp: 'no more tries until you retry it',
    error: 'Last error:',
    pending: 'Waiting',
    failed: 'Failed',
    retry: 'Retry',
    retryLabel: (id: string) => `Retry job ${id}`,
    retryAll: 'Retry every failed job',
    queued: (n: number) => `${count(n, 'job', 'jobs')} queued again.`,
  },
  writing: {
    heading: 'Writing',
    lead: 'Each post: its readers and sign-ups over the last four weeks, and its newsletter in Kit.',
    empty: 'No post on the site yet. Write one under Posts in the editor.',
    noKit:
      'Kit is not set up (KIT_API_KEY), so publishing a post makes no email: the posts are on the site only.',
    post: 'Post',
    date: 'Date',
    views: 'Views',
    signUps: 'Sign-ups',
    newsletter: 'Newsletter',
    notMarked: 'Not sent as a newsletter',
    ahead: (date: string) => `Appears ${date}`,
    state: {
      waiting: (due: string) => `Waiting: made in Kit shortly before ${due}`,
      draft: (made: string) => `Draft in Kit since ${made}: send it from Kit`,
      scheduled: (sendAt: string) => `Scheduled in Kit for ${sendAt}`,
      'no-kit': 'No email made: Kit was not set up when it was published',
      'called-off': 'Called off before it was made',
    },
    problem: (error: string) => `Not made yet: ${error}. Retry it in the outbox.`,
  },
  experiments: {
    heading: 'Experiments',
    lead: 'Each visitor sees one variant of the page all day, chosen without a cookie. A result shows once every variant has its fixed sample.',
    empty: 'No experiment in the published content. Add one under Experiments in the editor.',
    running: 'Running',
    notRunning: 'Not running',
    on: (page: string, goal: string) => `On ${page}, counting ${goal}.`,
    goals: {
      signUps: 'sign-ups',
      checkouts: 'visitors who clicked the checkout',
      sales: 'paid sales',
    } as Record<string, string>,
    sample: (size: number) => `Fixed sample: ${size.toLocaleString('en-GB')} visitors a variant.`,
    mismatch: (p: string) =>
      `The split has drifted from its plan (p = ${p}): something is wrong with how visitors are counted or shown the page. Trust no result until it is explained.`,
    variant: 'Variant',
    share: 'Share',
    visitors: 'Visitors',
    conversions: 'Conversions',
    confirmed: 'Confirmed by Kit',
    rate: 'Rate (95% interval)',
    beats: 'Beats the control',
    loss: 'Risk if chosen',
    standing: 'Standing',
    control: 'control (the page as it is)',
    look: 'See it',
    lookLabel: (variant: string) => `See ${variant} as its visitors do`,
    choose: 'Variant to keep',
    makeThePage: 'Make this the page…',
    confirm: (variant: string, page: string) =>
      `${variant === 'control' ? `End the experiment and keep ${page} as it is?` : `Make ${variant} what ${page} shows everyone, and end the experiment?`} This publishes your working copy as it is, with anything else saved in the editor since the last publish. Roll back undoes it.`,
    yes: 'Yes, make it the page',
    publishing: 'Publishing…',
    cancel: 'Cancel',
    made: (variant: string, version: number) =>
      `${variant === 'control' ? 'The page stays as it was' : `${variant} is now the page`}: published as version ${version}. The experiment has ended.`,
    planHeading: 'Plan the next experiment',
    planLead:
      "How many visitors each variant needs to tell a lift this large from chance (two-sided 5%, 80% power), from each page's last four complete weeks. Write it into the experiment as its sample size before it starts; the days assume a control and one variant.",
    lift: 'Smallest lift worth detecting, in percent',
    propose: 'Propose',
    page: 'Page',
    goal: 'Counting',
    planVisitors: 'Visitors, 4 weeks',
    planRate: 'Rate',
    planSample: 'Sample a variant',
    planDays: 'About',
    days: (days: number) => `${days.toLocaleString('en-GB')} ${days === 1 ? 'day' : 'days'}`,
    verdicts: {
      'keep collecting': 'Keep collecting',
      better: 'Better than the control',
      worse: 'Worse than the control',
      'no clear difference': 'No clear difference',
    },
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
