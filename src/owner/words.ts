/**
 * The owner's room's own words. The room is the owner's tool, not the site they publish, so its
 * words live here rather than in content/ (which holds what visitors read).
 */
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
    sessions: (n: number) => `${n} open session${n === 1 ? '' : 's'}`,
    audit: 'What happened',
    auditEmpty: 'Nothing yet.',
    auditWho: 'Who',
    auditWhen: 'When',
    auditWhat: 'What',
    nobody: '—',
  },
  editor: {
    title: 'Content editor',
    needsScript: 'The content editor needs JavaScript.',
    /** The room's link to it. */
    open: 'Edit the content',
  },
  failed: 'Something went wrong. Please try again.',
  alreadyEnrolled: 'This device already holds a passkey for the room: sign in with it instead.',
  noPasskeys:
    'This browser cannot use passkeys. Try an up-to-date Chrome, Safari, Firefox or Edge.',
} as const;
