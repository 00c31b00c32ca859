import type { CheckoutClickTable } from '../../db/schema';
import type { Store } from '../../db/store';

/** Clicks on checkout links (decision 020), counted like page views: only ever added to. */
export type CheckoutClickKey = Omit<CheckoutClickTable, 'clicks'>;

export async function addCheckoutClick(
  store: Store,
  { day, host, path, source }: CheckoutClickKey,
): Promise<void> {
  await store.write((trx) =>
    trx
      .insertInto('checkout_clicks')
      .values({ day, host, path, source, clicks: 1 })
      .onConflict((conflict) =>
        conflict.columns(['day', 'host', 'path', 'source']).doUpdateSet((eb) => ({
          clicks: eb('checkout_clicks.clicks', '+', eb.val(1)),
        })),
      )
      .execute(),
  );
}
