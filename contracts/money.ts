/**
 * Stripe's amounts are whole numbers in a currency's smallest unit (pence for GBP, yen for JPY).
 * Shown to the owner as money, in the currency they came in: "£49.00", "US$10.00".
 */
export function formatMinorUnits(amount: number, currency: string): string {
  return formatSmallestUnits(amount, currency, { pence: 'always' });
}

/**
 * A price as the site's words say it, from Stripe's smallest units: "£2,950", "£49.50", without
 * needless pence (the pages' "{workshopPrice}" is written so too).
 */
export function formatPrice(amount: number, currency: string): string {
  return formatSmallestUnits(amount, currency, { pence: 'when-any' });
}

function formatSmallestUnits(
  amount: number,
  currency: string,
  { pence }: { pence: 'always' | 'when-any' },
): string {
  const code = currency.toUpperCase();
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: code });
  } catch {
    return `${amount} ${code} (smallest unit)`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const whole = amount % 10 ** digits === 0;
  if (pence === 'when-any' && whole) {
    format = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
  }
  return format.format(amount / 10 ** digits);
}

/** The decimals of a currency's main unit (2 for GBP, 0 for JPY); an unknown code: Stripe's 2. */
function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en-GB', {
        style: 'currency',
        currency: currency.toUpperCase(),
      }).resolvedOptions().maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** An amount in a currency's main unit, as a spreadsheet reads it: 4900 GBP pence → "49.00". */
export function majorUnits(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}

/**
 * A price as the content writes it (49 GBP, in the main unit) in Stripe's smallest unit and
 * lower-case code, as a Checkout Session, a hold and an offer keep it: { 4900, 'gbp' }.
 */
export function toMinorUnits(price: { amount: number; currency: string }): {
  amount: number;
  currency: string;
} {
  return {
    amount: Math.round(price.amount * 10 ** minorDigits(price.currency)),
    currency: price.currency.toLowerCase(),
  };
}

/** Totals per currency (lower-case code → smallest units), as "£98.00 + US$10.00"; none: "—". */
export function formatRevenue(revenue: Readonly<Record<string, number>>): string {
  const parts = Object.entries(revenue)
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, amount]) => formatMinorUnits(amount, currency));
  return parts.length > 0 ? parts.join(' + ') : '—';
}
