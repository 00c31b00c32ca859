import { z } from 'zod';
import { exportCommand, exportCsv } from '../../../server/features/leads/commands/export';
import { inputOf, type LeadsCommand, refuseExtraWords } from './command';

const formatSchema = z.strictObject({
  format: z.enum(['csv', 'json'], { error: 'must be csv or json.' }),
});

export const exportCli: LeadsCommand = {
  name: 'export',
  usage: `  export contacts --format csv|json [--since WHEN]
  export subscribers --format csv|json [--list newsletter|waitlist|handbook] [--since WHEN]
  export sales --format csv|json [--since WHEN]
  export attendees --format csv|json [--since WHEN]
      Print leads to stdout, oldest first. WHEN is a date (2026-01-31) or an age (30d, 12h, 2w).
      CSV cells that would start a spreadsheet formula are prefixed with an apostrophe.`,
  options: {
    format: { type: 'string' },
    since: { type: 'string' },
    list: { type: 'string' },
  },
  parse({ words, options }) {
    refuseExtraWords(words, 1);
    const input = inputOf(
      exportCommand.input,
      { leads: words[0], since: options.since, list: options.list },
      { leads: 'export', since: '--since', list: '--list' },
    );
    const { format } = inputOf(formatSchema, { format: options.format }, { format: '--format' });
    return async ({ io, now, store }) => {
      const exported = await exportCommand.run({ store: await store(), now }, input);
      io.stdout(
        format === 'json' ? `${JSON.stringify(exported.rows, null, 2)}\n` : exportCsv(exported),
      );
    };
  },
};
