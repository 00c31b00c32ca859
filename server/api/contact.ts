import { contactSubmissionSchema } from '../../contracts/contact';
import { addContactSubmission } from '../db/leads';
import type { Store } from '../db/store';
import type { Forwarding } from '../outbox/forwarding';
import { type LeadFormDeps, leadRouter } from './lead-form';

export interface LeadApiDeps extends LeadFormDeps {
  store: Store;
  forwarding: Forwarding;
}

/** POST /api/contact-submissions: a press or speaking enquiry (spec §7), 201 {id}. */
export function contactRouter(deps: LeadApiDeps) {
  return leadRouter(deps, {
    lead: 'contact',
    schema: contactSubmissionSchema,
    async save(contact, meta) {
      const jobs = deps.forwarding.jobsForContact();
      return { id: await addContactSubmission(deps.store, contact, meta, jobs), created: true };
    },
  });
}
