import { renderToBuffer } from '@react-pdf/renderer';
import { downloads, secondBonusFileName } from '../../contracts/downloads';
import type { SiteId } from '../../contracts/sites';
import { bonus, closingLinks, handbook, pdfAuthor, secondBonus } from '../content/downloads';
import { PdfBookDocument } from './pdf-book';

/**
 * The site's PDFs (D9, D10), rendered from the content layer at the paths
 * `contracts/downloads.ts` names. Run by the build through the server render bundle
 * (src/entry-server.tsx), where the content's configuration is baked in. The second bonus is
 * not public (the server gives it to a share link that has earned it).
 */
export async function renderDownloads(
  origins: Record<SiteId, string>,
): Promise<Array<{ path: string; pdf: Buffer; public: boolean }>> {
  const links = closingLinks.map((link) => ({
    label: link.label,
    href: new URL(link.path, origins[link.site]).href,
  }));
  const books = [
    [downloads.handbook, handbook, true],
    [downloads.bonus, bonus, true],
    [`/${secondBonusFileName}`, secondBonus, false],
  ] as const;
  return Promise.all(
    books.map(async ([path, book, isPublic]) => ({
      path,
      public: isPublic,
      pdf: await renderToBuffer(<PdfBookDocument book={book} author={pdfAuthor} links={links} />),
    })),
  );
}
