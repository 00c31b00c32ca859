import { z } from 'zod';
import { siteIds } from '../sites';
import { line, paragraph } from './fields';
import { leavesForAnotherHost } from './link-address';

/**
 * One PDF (product decisions D9, D10): a cover, the contents, a page per item with its action,
 * and a closing page with the links of `closingLinks`.
 */
export const pdfBook = z.strictObject({
  /** The PDF's title, as a reader's PDF viewer names the file. */
  fileTitle: line,
  kicker: line,
  title: line,
  subtitle: paragraph,
  intro: paragraph,
  contentsLabel: line,
  /** Before each item's number: "CheatCode 1". */
  itemLabel: line,
  actionLabel: line,
  items: z.array(z.strictObject({ title: line, body: paragraph, action: paragraph })).min(1),
  closing: z.strictObject({ heading: line, body: paragraph, linksLabel: line }),
});

/**
 * content/downloads.yaml: the words of the PDFs the build draws: the free handbook, the waitlist
 * bonus and the second bonus that sharing unlocks. The build draws them once, with its facts
 * ("{releaseDate}", "{workshopPrice}"): a new build brings them up to date.
 */
export const downloads = z.strictObject({
  /** The closing page's links: a path on one of the sites, written out with its address. */
  closingLinks: z
    .array(
      z.strictObject({
        label: line,
        site: z.enum(siteIds, { error: `expected one of ${siteIds.join(', ')}` }),
        path: z
          .string()
          .regex(/^\/\S*$/, { message: 'expected a path starting with /', abort: true })
          // Joined to the site's address: `//host` would take the reader to another host.
          .refine(
            (path) => !leavesForAnotherHost(path),
            'expected a path starting with a single /',
          ),
      }),
    )
    .min(1),
  handbook: pdfBook,
  bonus: pdfBook,
  secondBonus: pdfBook,
});
