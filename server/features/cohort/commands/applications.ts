import {
  type ApplicationDetail,
  type ApplicationsAnswer,
  applicationQuerySchema,
  applicationsQuerySchema,
} from '../../../../contracts/room/cohort';
import { ownerCommand } from '../../../commands/command';
import type { Store } from '../../../db/store';
import type { Refused } from '../../workshop';
import { type ApplicationQuestion, applicationDetail, applicationsPage } from '../owner-data';
import type { SeatedIntake } from '../owner-offers';

/**
 * What the applications' owner commands read: the store, the form and intakes the site serves
 * now, and the moment asked (an offer past its expiry has expired).
 */
export interface ApplicationsDeps {
  store: Store;
  /** The served content's questions, whose labels the answers are read under. */
  questions: readonly ApplicationQuestion[];
  /** The served content's intakes, whose seats the list says. */
  intakes: readonly SeatedIntake[];
  now: Date;
}

export const unknownApplication = (id: string): Refused => ({
  refused: `No application has the id ${id}.`,
  status: 404,
});

/**
 * A page of the applications, newest first, of one status or all, with each status's count and
 * each one's offer, and the seats of the intakes to come.
 */
export const applicationsListCommand = ownerCommand({
  input: applicationsQuerySchema,
  run: (
    { store, intakes, now }: Pick<ApplicationsDeps, 'store' | 'intakes' | 'now'>,
    query,
  ): Promise<ApplicationsAnswer> => applicationsPage(store, { ...query, intakes, now }),
});

/**
 * One application: its answers under the served content's questions (an answer to a question
 * the content no longer asks under its id), where it came from, its offer, its history and the
 * notes.
 */
export const applicationShowCommand = ownerCommand({
  input: applicationQuerySchema,
  async run(
    { store, questions, now }: Pick<ApplicationsDeps, 'store' | 'questions' | 'now'>,
    { application: id },
  ): Promise<{ application: ApplicationDetail } | Refused> {
    const application = await applicationDetail(store, id, questions, now);
    return application ? { application } : unknownApplication(id);
  },
});
