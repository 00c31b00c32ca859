import { referralCodePattern } from '../../contracts/referral';

/**
 * The visitor's own share link (the thank-you page's promise): the server gives every sign-up
 * a code, kept in the browser so the thank-you page can show the link and its progress. A
 * visitor who arrives through someone's link carries that code into their own sign-up.
 */
export const referralStorageKey = 'referral_code';

/** After a confirmed sign-up: keep the code the server answered with, if any. */
export function rememberReferralCode(code: string | undefined): string | null {
  if (code === undefined || !referralCodePattern.test(code)) return null;
  try {
    window.localStorage.setItem(referralStorageKey, code);
  } catch {
    // Storage blocked: the sign-up still succeeded; the thank-you page shows the plain link.
  }
  return code;
}

/**
 * The code on the thank-you page: from its address (`?code=`, the link after a sign-up on
 * another site), kept for next time, or from an earlier sign-up in this browser.
 */
export function thankYouReferralCode(search: string): string | null {
  const fromLink = new URLSearchParams(search).get('code');
  if (fromLink && referralCodePattern.test(fromLink)) {
    rememberReferralCode(fromLink);
    return fromLink;
  }
  return storedReferralCode();
}

export function storedReferralCode(): string | null {
  try {
    const code = window.localStorage.getItem(referralStorageKey);
    return code && referralCodePattern.test(code) ? code : null;
  } catch {
    return null;
  }
}

/** `?ref=` of a share link, as the sign-up's hidden field (only a well-formed code). */
export function referralFromSearch(search: string): { ref?: string } {
  const ref = new URLSearchParams(search).get('ref');
  return ref && referralCodePattern.test(ref) ? { ref } : {};
}

/** The link a visitor shares: the waitlist site with their code. */
export function shareLink(waitlistOrigin: string, code: string | null): string {
  const url = new URL('/', waitlistOrigin);
  if (code) url.searchParams.set('ref', code);
  return url.href;
}
