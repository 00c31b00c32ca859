import { funnelPageKey } from '../../../contracts/funnel-figures';
import type { OutboxJob } from '../../db/outbox';
import type { Store } from '../../db/store';
import type { FeatureJobs, JobContext } from '../../outbox/forwarding';
import { ownerMailOf } from '../../outbox/forwarding';
import { ProviderError } from '../../providers/provider-error';
import { findSale } from './store';

/** The sales' outbox jobs: the owner's email of a sale (owner-sale), the buyer onto Kit (kit-buyer). */
export function saleJobs(context: JobContext): FeatureJobs {
  const send = (store: Store, job: OutboxJob) => deliverSale(context, store, job);
  return { send: { 'owner-sale': send, 'kit-buyer': send } };
}

/** A sale's owner email, or its buyer's place on Kit's buyers list (decision 020). */
async function deliverSale(
  { env, providers }: JobContext,
  store: Store,
  job: OutboxJob,
): Promise<void> {
  const sale = await findSale(store, job.lead_id);
  if (!sale) return;
  if (job.kind === 'owner-sale') {
    return ownerMailOf(providers).sale(
      {
        id: sale.id,
        createdAt: sale.created_at,
        amount: sale.amount,
        currency: sale.currency,
        product: sale.product,
        source: sale.source,
        page: funnelPageKey.recorded(sale.host, sale.path),
        email: sale.email,
        livemode: sale.livemode === 1,
      },
      job.id,
    );
  }
  if (!sale.email) return; // erased since: nothing left to send
  if (!providers.kit || !env.KIT_FORM_ID_BUYERS) {
    throw new ProviderError('Kit is not configured for the buyers list', { permanent: true });
  }
  await providers.kit.subscribe({
    email: sale.email,
    firstName: null,
    formId: env.KIT_FORM_ID_BUYERS,
    referrer: new URL(sale.path ?? '/', env.SITE_URL).href,
  });
}
