import { fillTemplate } from '../../../contracts/template';
import type { AppContext } from '../../app-context';
import type { Site } from '../../site';
import { checkoutReferences, type Fulfil, type OwnCheckout } from '../sales';
import { workshopCheckout } from './checkout';
import { ukDate } from './emails';
import { workshopFulfilment } from './fulfil';

/**
 * The workshop's part of the sales (server/feature-list.ts hands it to them, so that the sales
 * import nothing of the workshop): its own Checkout Sessions when a Stripe key is set (none: the
 * content's Payment Links, seats not enforced), and its fulfilment of Stripe's events, on either
 * way of paying.
 */
export function workshopSelling(
  context: Pick<
    AppContext,
    | 'store'
    | 'logger'
    | 'stripe'
    | 'ipHashKey'
    | 'clientOf'
    | 'plainHttp'
    | 'hosts'
    | 'origins'
    | 'originsOf'
    | 'site'
    | 'forwarding'
  >,
): { checkout: OwnCheckout | null; fulfil: Fulfil } {
  const { site, stripe } = context;
  return {
    checkout: stripe
      ? workshopCheckout({
          ...context,
          stripe,
          buyersApart: context.plainHttp.buyersApart,
          words: (session) => {
            const checkout = site.workshop?.delivery.checkout;
            return checkout
              ? {
                  productName: fillTemplate(checkout.productName, {
                    workshopDate: ukDate(session.start),
                  }),
                  promotionCodes: checkout.promotionCodes,
                }
              : null;
          },
        })
      : null,
    fulfil: workshopFulfilment({
      jobsForAttendee: () => context.forwarding.jobsForAttendee(),
      sessions: () => site.workshop?.sessions ?? new Map(),
      sessionsSoldAt: (path) => sessionsSoldAt(site, path),
      // The references our redirect signs, read with the same secret (server/features/sales/routes.ts).
      references: checkoutReferences(context.ipHashKey),
    }),
  };
}

/**
 * The sessions a page sold, by its path: an owner's page's checkout block's, else the
 * workshop's (every other page's checkout link is /go/workshop).
 */
export function sessionsSoldAt(site: Pick<Site, 'sales' | 'routes'>, path: string | null) {
  const page = site.routes.ownerRoutes.find((route) => route.path === path)?.page;
  const slug = page?.startsWith('pages/') ? page.slice('pages/'.length) : undefined;
  return (slug && site.sales.pageCheckouts.get(slug)) || site.sales.workshopSessions;
}
