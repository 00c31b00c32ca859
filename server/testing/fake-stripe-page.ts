import type Stripe from 'stripe';
import { escapeMarkup } from '../../contracts/escape-markup';
import { formatMinorUnits } from '../../contracts/money';

/**
 * The stand-in Stripe's hosted checkout page (`GET /c/pay/:id`): a plain form that a browser
 * test fills as a buyer would (labelled fields, one button), and that works without JavaScript.
 * It takes no card: submitting it is paying.
 */

export interface PageState {
  /** What the buyer typed, kept when the form is shown again with a problem. */
  email?: string;
  name?: string;
  promotionCode?: string;
  problem?: string;
}

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(title)}</title>
<style>
body { font: 1rem/1.5 system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
label { display: block; margin-top: 1rem; font-weight: 600; }
input { display: block; width: 100%; box-sizing: border-box; padding: .5rem; font: inherit; border: 1px solid #555; border-radius: 4px; }
button { margin-top: 1.5rem; width: 100%; padding: .75rem; font: inherit; font-weight: 600; color: #fff; background: #3a3aa8; border: 0; border-radius: 4px; }
[role=alert] { color: #a00000; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;

/** The page for a session: the form while it is open, else what became of it. */
export function checkoutPage(
  session: Stripe.Checkout.Session,
  product: string,
  state: PageState = {},
): string {
  if (session.status !== 'open') {
    const said =
      session.status === 'complete'
        ? 'This checkout has been paid. Thank you.'
        : 'This checkout has expired. Go back and start again.';
    return layout(product, `<h1>${escapeMarkup(product)}</h1>\n<p>${said}</p>`);
  }
  const price = formatMinorUnits(session.amount_total ?? 0, session.currency ?? 'gbp');
  // Stripe's form fixes an address the session was made with (customer_email): shown, not editable.
  const fixed = session.customer_email ?? null;
  const email = fixed ?? state.email ?? '';
  const problem = state.problem
    ? `<p id="problem" role="alert">${escapeMarkup(state.problem)}</p>`
    : '';
  const described = state.problem ? ' aria-describedby="problem"' : '';
  const promotion = session.allow_promotion_codes
    ? `<label for="promotion_code">Promotion code (optional)</label>
<input id="promotion_code" name="promotion_code" autocomplete="off" value="${escapeMarkup(state.promotionCode ?? '')}"${described}>`
    : '';
  const back = session.cancel_url
    ? `<p><a href="${escapeMarkup(session.cancel_url)}">Back</a></p>`
    : '';
  return layout(
    `Pay ${price}: ${product}`,
    `${back}
<h1>${escapeMarkup(product)}</h1>
<p>${escapeMarkup(price)}</p>
<p>A stand-in for Stripe's checkout: no card is taken.</p>
${problem}
<form method="post" action="/c/pay/${encodeURIComponent(session.id)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeMarkup(email)}"${fixed ? ' readonly' : ''}${described}>
<label for="name">Name</label>
<input id="name" name="name" autocomplete="name" required value="${escapeMarkup(state.name ?? '')}"${described}>
${promotion}
<button type="submit">Pay ${escapeMarkup(price)}</button>
</form>`,
  );
}

export function notFoundPage(): string {
  return layout('Not found', '<h1>No such checkout</h1>');
}
