import { z } from 'zod';
import { ownerCommand } from '../../../commands/command';
import { toCsv } from '../../../commands/csv';
import { sinceDate, sinceSchema, subscriptionListSchema } from '../../../commands/inputs';
import type { Store } from '../../../db/store';
import { applicationExportColumns, exportApplications } from '../../cohort';
import { exportSales, saleExportColumns } from '../../sales';
import { attendeeExportColumns, exportAttendees } from '../../workshop';
import {
  contactExportColumns,
  exportContactSubmissions,
  exportSubscribers,
  subscriberExportColumns,
} from '../owner-data';

/**
 * The leads, oldest first: contact submissions, sign-ups on one list or all, the workshop's
 * sales (decision 020: amounts in the currency's smallest unit, with what was refunded), its
 * attendees, every session's (docs/decisions/032-workshop-delivered.md), or the cohort's
 * applications with their answers (docs/decisions/033-cohort-applications.md).
 */
export const exportCommand = ownerCommand({
  input: z
    .strictObject({
      leads: z.enum(['contacts', 'subscribers', 'sales', 'attendees', 'applications'], {
        error: 'needs "contacts", "subscribers", "sales", "attendees" or "applications".',
      }),
      since: sinceSchema.optional(),
      list: subscriptionListSchema.optional(),
    })
    // The contact form has no lists: a list asked of contacts would quietly be ignored.
    .refine((input) => input.list === undefined || input.leads === 'subscribers', {
      path: ['list'],
      message: 'applies to subscribers only.',
    }),
  async run({ store, now }: { store: Store; now: Date }, { leads, since, list }) {
    const from = since && sinceDate(since, now);
    // The columns travel with the rows: they are the CSV's header, in order.
    if (leads === 'contacts') {
      const rows = await exportContactSubmissions(store, { since: from });
      return { leads, columns: contactExportColumns, rows };
    }
    if (leads === 'sales') {
      const rows = await exportSales(store, { since: from });
      return { leads, columns: saleExportColumns, rows };
    }
    if (leads === 'attendees') {
      const rows = await exportAttendees(store, { since: from });
      return { leads, columns: attendeeExportColumns, rows };
    }
    if (leads === 'applications') {
      const rows = await exportApplications(store, { since: from });
      return { leads, columns: applicationExportColumns, rows };
    }
    const rows = await exportSubscribers(store, { since: from, list });
    return { leads, columns: subscriberExportColumns, rows };
  },
});

export type LeadExport = Awaited<ReturnType<typeof exportCommand.run>>;

/**
 * The export as a spreadsheet opens it safely (server/commands/csv.ts): the terminal prints it, the room offers
 * it as a file.
 */
export const exportCsv = ({ columns, rows }: LeadExport): string =>
  toCsv<Record<string, string | number | null>>(columns, rows);
