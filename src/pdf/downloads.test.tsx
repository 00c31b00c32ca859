import { beforeAll, describe, expect, it } from 'vitest';
import { downloads, secondBonusFileName } from '../../contracts/downloads';
import { siteOrigins } from '../../contracts/sites';
import { testPageProps } from '../testing/content';
import { renderDownloads } from './downloads';

const origins = siteOrigins('https://jamie.example', {
  sellableBusiness: 'sellable.example',
  waitlist: 'wait.example',
  book: 'book.example',
});

const props = await testPageProps();
const { content } = props;

describe('the PDFs built from content/downloads.yaml (D9, D10)', () => {
  const pdfs = new Map<string, string>();
  const privatePaths: string[] = [];
  beforeAll(async () => {
    for (const { path, pdf, public: isPublic } of await renderDownloads(origins, props)) {
      pdfs.set(path, pdf.toString('latin1'));
      if (!isPublic) privatePaths.push(path);
    }
  });

  it('renders the handbook and the bonus in public, the second bonus for the server only', () => {
    expect([...pdfs.keys()].filter((path) => !privatePaths.includes(path)).sort()).toEqual(
      Object.values(downloads).sort(),
    );
    expect(privatePaths).toEqual([`/${secondBonusFileName}`]);
    for (const pdf of pdfs.values()) expect(pdf.startsWith('%PDF-')).toBe(true);
  });

  it('lays the handbook out as a publication: cover, contents, one page per CheatCode, closing', () => {
    const { items } = content.downloads.handbook;
    const pages = pdfs.get(downloads.handbook)?.match(/\/Type \/Page\b/g) ?? [];
    // The handbook holds as many CheatCodes as its page promises (the "11" of §2.6).
    expect(items).toHaveLength(Number(content.handbook.hero.badge.number));
    expect(pages).toHaveLength(1 + 1 + items.length + 1);
  });

  it('embeds the site’s faces with a Unicode map, so the text can be selected and searched', () => {
    const pdf = pdfs.get(downloads.handbook) ?? '';
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]+\+Anton-Regular/);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]+\+Inter/);
    expect(pdf).toContain('/FontFile2');
    expect(pdf).toContain('/ToUnicode');
  });

  /** A document-information entry, which the PDF keeps as a reference to a string object. */
  function info(pdf: string, key: string): string | undefined {
    const reference = new RegExp(`/${key} (\\d+) 0 R`).exec(pdf)?.[1];
    return new RegExp(`\\n${reference} 0 obj\\n\\((.*)\\)\\nendobj`).exec(pdf)?.[1];
  }

  it('names its title and author, and links to the sites on their own hosts', () => {
    const pdf = pdfs.get(downloads.handbook) ?? '';
    expect(info(pdf, 'Title')).toBe(content.downloads.handbook.fileTitle);
    expect(info(pdf, 'Author')).toBe(content.site.founder.name);
    expect(pdf).toContain('(https://wait.example/)');
    expect(pdf).toContain('(https://sellable.example/cohort)');
  });

  it('writes the facts in, so no year or date goes stale: the workbook is the release year’s', () => {
    const title = info(pdfs.get(`/${secondBonusFileName}`) ?? '', 'Title');
    expect(title).toBe(content.downloads.secondBonus.fileTitle);
    expect(title).toContain(content.site.book.releaseDate.slice(0, 4));
    expect(JSON.stringify(content.downloads)).not.toMatch(/\{\w+\}/);
  });
});
