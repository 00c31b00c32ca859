/**
 * The mailbox an address delivers to, as one key: what the share promise counts friends by, so
 * that one person cannot be several friends (decision 021). Case is folded everywhere; a `+tag`
 * is dropped from the local part (most providers deliver `jo+1@…` to `jo@…`); and for Gmail,
 * whose two domains are one service and which ignores dots in the local part, the dots go and
 * googlemail.com reads as gmail.com. Other providers' dots are kept: for them `j.o` and `jo`
 * may well be two people.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.+$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (gmailDomains.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}

const gmailDomains = new Set(['gmail.com', 'googlemail.com']);
