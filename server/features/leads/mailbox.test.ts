import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox';

describe('mailboxKey', () => {
  it.each([
    ['friend+1@example.com', 'friend@example.com'],
    ['friend+2@example.com', 'friend@example.com'],
    ['Friend+3@Example.COM', 'friend@example.com'],
    [' friend@example.com ', 'friend@example.com'],
    ['f.r.i.e.n.d@gmail.com', 'friend@gmail.com'],
    ['F.riend+x@GoogleMail.com', 'friend@gmail.com'],
    ['friend@gmail.com.', 'friend@gmail.com'],
    // Outside Gmail a dot may separate two people.
    ['j.o@example.com', 'j.o@example.com'],
    // A local part that is all tag is left as it is, not emptied.
    ['+tag@example.com', '+tag@example.com'],
    ['"odd@quoted"@example.com', '"odd@quoted"@example.com'],
  ])('%s is the mailbox %s', (email, key) => {
    expect(mailboxKey(email)).toBe(key);
  });

  it('folds the five addresses of the issue’s abuser into one or two mailboxes', () => {
    const keys = new Set(
      [
        'friend+1@gmail.com',
        'friend+2@gmail.com',
        'Friend+3@gmail.com',
        'f.riend@gmail.com',
        'fr.iend@googlemail.com',
      ].map(mailboxKey),
    );
    expect([...keys]).toEqual(['friend@gmail.com']);
  });
});
