import { z } from 'zod';
import { blockWords } from '../content/pages';
import { workshopDelivery } from '../content/workshop';
import { checkoutPages, soldSession, type WorkshopCheckout } from './sales';

/**
 * What the workshop reads of a render (server/features/workshop/,
 * docs/decisions/032-workshop-delivered.md): every session sold, by its name, and the words of
 * what the workshop delivers (its seats, checkout, the pages after it and its emails). Null for a
 * render made before the workshop was delivered (no `delivery`): its sessions have no seats to
 * enforce and no email's words to send.
 */
export const workshopSlice = z
  .object({
    content: z.object({
      workshop: z.object({
        sessions: z.array(soldSession),
        delivery: workshopDelivery.optional(),
      }),
      pages: checkoutPages,
    }),
  })
  .transform(({ content }) => {
    const { delivery } = content.workshop;
    if (!delivery) return null;
    // The same name in two places is the same session, which the content's check makes agree
    // (contracts/content/session-names.ts): the first is kept, the workshop's before the pages'.
    const sessions = new Map<string, WorkshopCheckout>();
    const blocks = Object.values(content.pages).flatMap(
      ({ blocks }) => blockWords(blocks, 'checkout')?.sessions ?? [],
    );
    for (const session of [...content.workshop.sessions, ...blocks]) {
      if (!sessions.has(session.id)) sessions.set(session.id, session);
    }
    return {
      /**
       * Every session the site sells, the workshop's and each checkout block's, by its name (a
       * Map, so no name can be an object's own property).
       */
      sessions: sessions as ReadonlyMap<string, WorkshopCheckout>,
      delivery,
    };
  });

/** The workshop's slice of a render, once delivered. */
export type WorkshopSlice = NonNullable<z.output<typeof workshopSlice>>;
