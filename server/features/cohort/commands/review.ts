import {
  type ApplicationStatusAnswer,
  applicationNoteSchema,
  applicationStatusSchema,
} from '../../../../contracts/room/cohort';
import { ownerCommand } from '../../../commands/command';
import type { Store } from '../../../db/store';
import type { Logger } from '../../../logger';
import { recordAudit } from '../../room';
import type { Refused } from '../../workshop';
import { addApplicationNote, changeApplicationStatus } from '../applications';
import { MoveRefused, type OfferMoveDeps, offerOnMove } from '../offer-moves';
import { unknownApplication } from './applications';

/**
 * The owner's review of an application, from the room or the terminal
 * (docs/decisions/033-cohort-applications.md): its status moved, a private note added. Each is
 * an event of the application's history, written with its audit entry in one transaction; the
 * entry names the application and the statuses, never the person or the note.
 */

export interface ReviewDeps {
  store: Store;
  now: Date;
  /** Who, for the history and the audit log: none from the terminal. */
  ownerId: string | null;
}

/**
 * What a status move needs beyond the review: the offer's part (offer-moves.ts), read at the
 * move's moment, and Stripe's expiry of a withdrawn offer's Checkout Session (none without a
 * Stripe key). Without it, a test of the review alone, a move is the move alone.
 */
export interface StatusDeps extends ReviewDeps {
  offers?: OfferMoveDeps & {
    expire: ((checkoutSession: string) => Promise<void>) | null;
    logger: Pick<Logger, 'warn'>;
  };
}

const erased: Refused = {
  refused: 'This application was erased: there is nothing left to review.',
  status: 409,
};

/**
 * An application moved to a status: accepted, declined and waitlisted decide it (its retention
 * counts from then); back to new or shortlisted, it is undecided again. Accepting makes its offer
 * in the same transaction, or is refused whole beyond the intake's seats; leaving accepted
 * withdraws the offer, whose Checkout Session is expired at Stripe once the move is kept.
 */
export const applicationStatusCommand = ownerCommand({
  input: applicationStatusSchema,
  async run(
    { store, now, ownerId, offers }: StatusDeps,
    { application: id, status },
  ): Promise<ApplicationStatusAnswer | Refused> {
    const at = now.toISOString();
    let changed: Awaited<ReturnType<typeof changeApplicationStatus>> & { expire?: string | null };
    try {
      changed = await store.write(async (trx) => {
        const change = await changeApplicationStatus(trx, { id, status, at, ownerId });
        if (!('from' in change)) return change;
        const move = { application: id, intake: change.intake, from: change.from, to: status, at };
        const { expire } = offers ? await offerOnMove(trx, move, offers) : { expire: null };
        const detail = { application: id, from: change.from, to: status };
        await recordAudit(trx, ownerId, 'application-status', detail, now.getTime());
        return { ...change, expire };
      });
    } catch (error) {
      if (error instanceof MoveRefused) return error.answer;
      throw error;
    }
    if ('from' in changed) {
      if (changed.expire && offers?.expire) {
        // Best effort: the offer is withdrawn either way, and a payment of it still enrols.
        await offers
          .expire(changed.expire)
          .catch((error: unknown) =>
            offers.logger.warn(
              { err: error, application: id },
              "withdrawn offer's checkout not expired",
            ),
          );
      }
      return { application: id, from: changed.from, status, decidedAt: changed.decidedAt };
    }
    if (changed.refused === 'unknown') return unknownApplication(id);
    if (changed.refused === 'erased') return erased;
    if (changed.refused === 'moved') {
      return { refused: 'Someone moved this application just now: look again.', status: 409 };
    }
    return { refused: `This application is ${status} already.`, status: 409 };
  },
});

/** A private note on an application: in its history for the owners alone, in no log. */
export const applicationNoteCommand = ownerCommand({
  input: applicationNoteSchema,
  async run(
    { store, now, ownerId }: ReviewDeps,
    { application: id, text },
  ): Promise<{ application: string; at: string } | Refused> {
    const at = now.toISOString();
    const added = await store.write(async (trx) => {
      const note = await addApplicationNote(trx, { id, text, at, ownerId });
      // That a note was added, never what it says.
      if (note === 'added') {
        await recordAudit(trx, ownerId, 'application-note', { application: id }, now.getTime());
      }
      return note;
    });
    if (added === 'unknown') return unknownApplication(id);
    if (added === 'erased') return erased;
    return { application: id, at };
  },
});
