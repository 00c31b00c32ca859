import { z } from 'zod';
import { blockWords, renderedBlocks } from '../content/pages';
import { workshopSession } from '../content/workshop';

const { start, checkout } = workshopSession.shape;

/** A session (the workshop's, or a checkout block's) as the checkout redirect needs it. */
const soldSession = z.object({ start, checkout });

export type WorkshopCheckout = z.output<typeof soldSession>;

/**
 * What the sales read of a render: where each checkout link leads (contracts/checkout.ts,
 * server/features/sales/): the workshop's sessions, and each owner's page's checkout block's.
 */
export const salesSlice = z
  .object({
    content: z.object({
      workshop: z.object({ sessions: z.array(soldSession) }),
      // None in renders made before the owner's pages.
      pages: z
        .record(
          z.string(),
          z.object({
            blocks: renderedBlocks({ checkout: z.object({ sessions: z.array(soldSession) }) }),
          }),
        )
        .default({}),
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
