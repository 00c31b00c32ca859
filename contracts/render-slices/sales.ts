import { z } from 'zod';
import { blockWords, renderedBlocks } from '../content/pages';
import { workshopSession } from '../content/workshop';

const { id, start, price, seats, checkout, paymentLink } = workshopSession.shape;

/**
 * The name of a session in a render made before sessions had one: the day its start is written
 * with ("2026-12-10"), a name the content's own pattern allows, the same at every load.
 */
export function namedBefore(session: { start: string }): string {
  return session.start.slice(0, 10);
}

/**
 * A session (the workshop's, or a checkout block's) as the checkout needs it: its name, start,
 * price, capacity and Payment Link (and its id, when the content names it). A render made before sessions had names and seats
 * (docs/decisions/032-workshop-delivered.md) still loads: its session is named by its start's day
 * (namedBefore) and has no `seats`, so its seats are not enforced.
 */
export const soldSession = z
  .object({ id: id.optional(), start, price, seats: seats.optional(), checkout, paymentLink })
  .transform(({ id, ...session }) => ({ id: id ?? namedBefore(session), ...session }));

export type WorkshopCheckout = z.output<typeof soldSession>;

/** The owner's pages as far as their checkout blocks go; none in renders made before them. */
export const checkoutPages = z
  .record(
    z.string(),
    z.object({
      blocks: renderedBlocks({ checkout: z.object({ sessions: z.array(soldSession) }) }),
    }),
  )
  .default({});

/**
 * What the sales read of a render: where each checkout link leads (contracts/checkout.ts,
 * server/features/sales/): the workshop's sessions, and each owner's page's checkout block's.
 */
export const salesSlice = z
  .object({
    content: z.object({
      workshop: z.object({ sessions: z.array(soldSession) }),
      pages: checkoutPages,
    }),
  })
  .transform(({ content }) => ({
    /** The workshop's sessions: where /go/workshop leads. */
    workshopSessions: content.workshop.sessions,
    /**
     * The sessions each owner's page's checkout block sells, by the page's slug: where
     * /go/page/<slug> leads (a Map, so no slug can name an object's own properties).
     */
    pageCheckouts: new Map(
      Object.entries(content.pages).flatMap(([slug, { blocks }]) => {
        const block = blockWords(blocks, 'checkout');
        return block ? [[slug, block.sessions] as const] : [];
      }),
    ),
  }));
