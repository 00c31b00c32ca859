import type { Application, ApplicationAnswers } from '../../contracts/cohort-application';
import type { Store } from '../db/store';
import { saveApplication } from '../features/cohort';

/**
 * Applications as the tests of the room, the terminal and the data rights seed them: through the
 * applications' one writer, as the form's endpoint stores them (server/features/cohort/routes.ts
 * is tested with the posts themselves), at the moment each test needs.
 */
export interface SeededApplication {
  email: string;
  name?: string;
  /** Its intake's start day. */
  intake?: string;
  answers?: ApplicationAnswers;
  at?: string;
  source?: string;
  page?: string;
  variant?: string;
}

export async function seedApplication(store: Store, seed: SeededApplication): Promise<string> {
  const body = {
    email: seed.email,
    name: seed.name ?? 'Ada Lovelace',
    answers: seed.answers ?? { business: 'Design studio', goals: ['Sell'], team: 12 },
    page: seed.page ?? '/sellablebusiness/apply',
    source: seed.source ?? 'ig',
  } as Application;
  const { id } = await saveApplication(
    store,
    {
      intake: seed.intake ?? '2027-01-11',
      body,
      meta: {
        ipHash: 'a-client-hash',
        verified: true,
        host: 'sellablebusiness.localhost',
        experiment: seed.variant
          ? { name: 'apply-headline', variant: seed.variant, visitor: 'v' }
          : null,
      },
    },
    seed.at ?? '2026-11-26T10:00:00.000Z',
  );
  return id;
}
