import { renderToBuffer } from '@react-pdf/renderer';
import { downloads, secondBonusFileName } from '../../contracts/downloads';
import type { SiteId } from '../../contracts/sites';
import type { PageProps } from '../content/page-props';
import { makeEverything, type Reuse } from '../content/reuse';
import { PdfBookDocument } from './pdf-book';

/**
 * The site's PDFs (D9, D10), drawn from content/downloads.yaml with the facts of the moment the
 * build renders for, at the paths `contracts/downloads.ts` names. Run by the build through its
 * own bundle (src/entry-build.ts). The second bonus is not public (the server gives it to a
 * share link that has earned it).
 */
export async function renderDownloads(
  origins: Record<SiteId, string>,
  { content }: PageProps,
  /** PDFs an earlier render made from the same words, taken instead of made again. */
  reuse: Reuse = makeEverything,
): Promise<Array<{ path: string; pdf: Buffer; public: boolean }>> {
  const { closingLinks, handbook, bonus, secondBonus } = content.downloads;
  const links = closingLinks.map((link) => ({
    label: link.label,
    href: new URL(link.path, origins[link.site]).href,
  }));
  const author = content.site.founder.name;
  const books = [
    [downloads.handbook, handbook, true],
    [downloads.bonus, bonus, true],
    [`/${secondBonusFileName}`, secondBonus, false],
  ] as const;
  return Promise.all(
    books.map(async ([path, book, isPublic]) => ({
      path,
      public: isPublic,
      pdf: await reuse.once('pdf', { path, book, author, links }, () =>
        renderToBuffer(<PdfBookDocument book={book} author={author} links={links} />),
      ),
    })),
  );
}
