import { Section, SectionHeading } from '../../components/ui/section';
import type { SiteContent } from '../../content/page-props';

export type ShiftTableProps = SiteContent['cohort']['shift'] & { id: string };

/**
 * "The shift that changes everything" (product brief §2.8 item 3): operator trait to asset-owner trait, as
 * a real table that fits a 375 px screen without sideways scrolling (two short columns that wrap).
 */
export function ShiftTable({ id, heading, caption, columns, rows }: ShiftTableProps) {
  return (
    <Section id={id} band="surface" width="text">
      <SectionHeading heading={heading} />
      <table className="mt-10 w-full table-fixed border-collapse text-left text-step-0">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b-2 border-ink">
            <th scope="col" className="py-3 pr-4 font-display text-step-1 uppercase text-muted">
              {columns.from}
            </th>
            <th scope="col" className="py-3 font-display text-step-1 uppercase text-accent">
              {columns.to}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.from} className="border-b border-line">
              <td className="py-4 pr-4 align-top text-muted line-through decoration-1">
                {row.from}
              </td>
              <td className="py-4 align-top font-semibold">{row.to}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
