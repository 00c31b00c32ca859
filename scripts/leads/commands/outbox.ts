import {
  outboxListCommand,
  outboxRetryCommand,
} from '../../../server/features/room/commands/outbox';
import { inputOf, type LeadsCommand, refuseExtraWords, UsageError } from './command';

export const outboxCli: LeadsCommand = {
  name: 'outbox',
  usage: `  outbox
      List forwarding jobs still pending or failed (ids and errors only, no personal data).
  outbox retry [JOB_ID]
      Queue failed jobs again from a clean slate: all of them, or the one named.`,
  parse({ words }) {
    const [action, id] = words;
    refuseExtraWords(words, 2);
    if (action === undefined) {
      return async ({ io, store }) => {
        const { jobs, pending, failed } = await outboxListCommand.run({ store: await store() }, {});
        if (jobs.length === 0) {
          io.stdout('No pending or failed jobs.\n');
          return;
        }
        for (const job of jobs) {
          io.stdout(
            `${job.id}  ${job.kind}  ${job.status}  tries ${job.attempts}  next ${job.next_attempt_at}${job.last_error ? `  last error: ${job.last_error}` : ''}\n`,
          );
        }
        io.stdout(`${pending} pending, ${failed} failed\n`);
      };
    }
    if (action !== 'retry') throw new UsageError(`Unknown outbox action: ${action}`);
    const input = inputOf(outboxRetryCommand.input, { id }, { id: 'JOB_ID' });
    return async ({ io, store }) => {
      const { queued } = await outboxRetryCommand.run({ store: await store() }, input);
      if (id !== undefined && queued === 0) throw new Error(`No failed job with id ${id}.`);
      io.stdout(`${queued} failed job${queued === 1 ? '' : 's'} queued again.\n`);
    };
  },
};
