import { leadSearchSchema } from '../../../../contracts/room/leads';
import { ownerCommand } from '../../../commands/command';
import type { Store } from '../../../db/store';
import { latestLeads } from '../owner-data';

/** The latest sign-ups and enquiries, newest first, optionally those matching a search. */
export const latestLeadsCommand = ownerCommand({
  input: leadSearchSchema,
  run: async ({ store }: { store: Store }, { search, limit }) => ({
    leads: await latestLeads(store, { search: search || undefined, limit }),
  }),
});
