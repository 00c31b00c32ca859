import { beforeAll, describe, expect, it } from 'vitest';
import { downloads, secondBonusFileName } from '../../contracts/downloads';
import { siteOrigins } from '../../contracts/sites';
import { handbook } from '../content/downloads';
import { renderDownloads } from './downloads';

const origins = siteOrigins('https://jamie.example', {
  sellableBusiness: 'sellable.example',
  waitlist: 'wait.example',
  book: 'book.example',
});

describe('the PDFs built from the content layer (D9, D10)', () => {
  const pdfs = new Map<string, string>();
  const privatePaths: string[] = [];
  beforeAll(async () => {
    for (const { path, pdf, public: isPublic } of await renderDownloads(origins)) {
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
    const pages = pdfs.get(downloads.handbook)?.match(/\/Type \/Page\b/g) ?? [];
    expect(handbook.items).toHaveLength(11);
    expect(pages).toHaveLength(1 + 1 + 11 + 1);
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
    expect(info(pdf, 'Title')).toBe('The 11 CheatCodes');
    expect(info(pdf, 'Author')).toBe('Jamie Castell');
    expect(pdf).toContain('(https://wait.example/)');
    expect(pdf).toContain('(https://sellable.example/cohort)');
  });
});
