import { erasureSchema } from '../../../../contracts/room/leads';
import { ownerCommand } from '../../../commands/command';
import type { Store } from '../../../db/store';
import { forgetPerson } from '../owner-data';

/**
 * Erases everything held about one email address (UK GDPR erasure) and answers how much. The
 * address is only looked up, never stored.
 */
export const forgetCommand = ownerCommand({
  input: erasureSchema,
  run: ({ store }: { store: Store }, { email }) => forgetPerson(store, email),
});
