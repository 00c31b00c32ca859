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

/** What the applications' owner commands read: the store, and the form the site serves now. */
export interface ApplicationsDeps {
  store: Store;
  /** The served content's questions, whose labels the answers are read under. */
  questions: readonly ApplicationQuestion[];
}

export const unknownApplication = (id: string): Refused => ({
  refused: `No application has the id ${id}.`,
  status: 404,
});

/** A page of the applications, newest first, of one status or all, with each status's count. */
export const applicationsListCommand = ownerCommand({
  input: applicationsQuerySchema,
  run: ({ store }: Pick<ApplicationsDeps, 'store'>, query): Promise<ApplicationsAnswer> =>
    applicationsPage(store, query),
});

/**
 * One application: its answers under the served content's questions (an answer to a question
 * the content no longer asks under its id), where it came from, its history and the notes.
 */
export const applicationShowCommand = ownerCommand({
  input: applicationQuerySchema,
  async run(
    { store, questions }: ApplicationsDeps,
    { application: id },
  ): Promise<{ application: ApplicationDetail } | Refused> {
    const application = await applicationDetail(store, id, questions);
    return application ? { application } : unknownApplication(id);
  },
});
