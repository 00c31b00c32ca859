import { z } from 'zod';
import { statsCommand } from '../../../server/features/funnel/commands/stats';
import { formatFunnel, statsFormats } from '../stats';
import { funnelReport } from '../stats-report';
import { inputOf, type LeadsCommand, refuseExtraWords } from './command';

const formatSchema = z.strictObject({
  format: z
    .enum(statsFormats, { error: `must be one of ${statsFormats.join(', ')}.` })
    .default('table'),
});

export const statsCli: LeadsCommand = {
  name: 'stats',
  usage: `  stats [--since WHEN] [--until WHEN] [--by page|source|day|host] [--format table|csv|json|html]
      The funnel from --since (default 30d) to --until (default today), in UTC days: page views and visitors counted by the
      server, sign-ups, conversion (sign-ups per visitor), and contact submissions by day or
      host. Default: by page, as a table. --format html prints a self-contained report with a
      chart: npm run leads -- stats --format html > report.html`,
  options: {
    since: { type: 'string' },
    until: { type: 'string' },
    by: { type: 'string' },
    format: { type: 'string' },
  },
  parse({ words, options }) {
    refuseExtraWords(words, 0);
    const input = inputOf(
      statsCommand.input,
      { since: options.since, until: options.until, by: options.by },
      { since: '--since', until: '--until', by: '--by' },
    );
    const { format } = inputOf(formatSchema, { format: options.format }, { format: '--format' });
    return async ({ io, now, store }) => {
      const figures = await statsCommand.run({ store: await store(), now }, input);
      io.stdout(format === 'html' ? funnelReport(figures, now) : formatFunnel(figures, format));
    };
  },
};
