/**
 * The address a visitor signed up with in this browser (decision 020): kept only to prefill it on
 * the workshop's checkout page when they go on to pay (src/lib/checkout-link.ts). It leaves the
 * browser only then, passed through our redirect to Stripe; our server never stores it with the
 * click. Listed in the cookie notice (content/legal/cookies.md).
 */
export const signedUpEmailKey = 'signed_up_email';

/** After a confirmed sign-up. */
export function rememberSignedUpEmail(email: string): void {
  try {
    window.localStorage.setItem(signedUpEmailKey, email);
  } catch {
    // Storage blocked: the checkout simply asks for the address.
  }
}

export function signedUpEmail(): string | null {
  try {
    const email = window.localStorage.getItem(signedUpEmailKey);
    return email?.includes('@') ? email : null;
  } catch {
    return null;
  }
}
