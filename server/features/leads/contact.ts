import { type ContactSubmissionAnswer, contactSubmissionSchema } from '../../../contracts/contact';
import type { Store } from '../../db/store';
import type { Env } from '../../env';
import { type LeadFormDeps, leadRouter } from '../../http/lead-form';
import type { Forwarding } from '../../outbox/forwarding';
import { addContactSubmission } from './store';

export interface LeadApiDeps extends LeadFormDeps {
  env: LeadFormDeps['env'] & Pick<Env, 'OWNER_NOTIFY_HOURLY_LIMIT'>;
  store: Store;
  forwarding: Forwarding;
}

/** POST /api/contact-submissions: a press or speaking enquiry (product brief §7), 201 {id}. */
export function contactRouter(deps: LeadApiDeps) {
  return leadRouter<typeof contactSubmissionSchema, ContactSubmissionAnswer>(deps, {
    lead: 'contact',
    schema: contactSubmissionSchema,
    async save(contact, meta) {
      const jobs = deps.forwarding.jobsForContact(meta);
      const id = await addContactSubmission(deps.store, contact, meta, jobs, {
        notifyHourlyLimit: deps.env.OWNER_NOTIFY_HOURLY_LIMIT,
      });
      return { created: true, answer: { id } };
    },
    decoyAnswer: (id) => ({ id }),
  });
}
