import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SiteContent } from '../content/page-props';
import { type LegalDocument, LegalDocumentView, Prose } from './legal-document';

/**
 * A legal page and an owner's page's prose draw the one Markdown tree
 * (contracts/content/markdown/tree.ts) through the legal pages' parts: the owner's missing
 * details marked, the table and the consent button where their markers stand, list items as
 * their words alone.
 */

const labels: SiteContent['site']['legal'] = {
  kicker: 'Legal',
  lastUpdated: 'Last updated',
  contents: 'On this page',
  ownerDetail: 'Owner',
  email: 'privacy@example.com',
};

const document = {
  meta: { title: 'Cookies', description: 'The cookies.' },
  heading: 'Cookie notice',
  summary: 'What we store.',
  updated: '2026-11-01',
  table: {
    caption: 'The cookies',
    columns: ['Name', 'Set by'],
    rows: [
      { name: '_ga', details: ['[[Owner: analytics host]] ([their notice](https://ga.example/))'] },
    ],
  },
  body: [
    '## Who we are',
    '',
    'Run by [[Owner: company name]]. See the [privacy notice](/privacy) and [the ICO](https://ico.org.uk/).',
    '',
    '- one',
    '- two [rights](/privacy#rights)',
    '',
    '## What we store',
    '',
    '[[Table]]',
    '',
    '[[Cookie settings button: Change cookie settings]]',
  ].join('\n'),
} as unknown as LegalDocument;

describe('a legal page', () => {
  const html = renderToStaticMarkup(<LegalDocumentView document={document} labels={labels} />);

  it('lists its sections, each under its heading, with addresses made from their words', () => {
    expect(html).toContain(
      '<a class="underline-offset-4 hover:underline focus-visible:underline" href="#who-we-are">Who we are</a>',
    );
    expect(html).toMatch(/<section id="what-we-store" aria-labelledby="what-we-store-heading"/);
  });

  it("marks the owner's missing details, in the text and in the table", () => {
    expect(html).toMatch(/<mark class="[^"]*">\[Owner: company name\]<\/mark>/);
    expect(html).toMatch(
      /<td[^>]*><span[^>]*>Set by<\/span><mark class="[^"]*">\[Owner: analytics host\]<\/mark> \(<a [^>]*href="https:\/\/ga\.example\/" target="_blank"/,
    );
  });

  it('draws paragraphs, lists of words and links as the legal pages do', () => {
    expect(html).toMatch(/<p class="mt-4 max-w-prose">Run by <mark/);
    expect(html).toContain('href="/privacy">privacy notice</a>');
    expect(html).toContain(
      'href="https://ico.org.uk/" target="_blank" rel="noopener noreferrer">the ICO</a>',
    );
    expect(html).toMatch(
      /<ul class="mt-4 max-w-prose list-disc[^"]*"><li>one<\/li><li>two <a [^>]*href="\/privacy#rights">rights<\/a><\/li><\/ul>/,
    );
  });

  it('places the table and the consent settings button where their markers stand', () => {
    const table = html.indexOf('<table');
    const button = html.indexOf('data-consent-open=""');
    expect(table).toBeGreaterThan(html.indexOf('id="what-we-store"'));
    expect(button).toBeGreaterThan(table);
    expect(html).toMatch(
      /<button[^>]*data-consent-open="" hidden="">Change cookie settings<\/button>/,
    );
  });
});

describe("an owner's page's prose", () => {
  it('draws its paragraphs, lists and links as a legal page does', () => {
    const html = renderToStaticMarkup(
      <Prose
        text={'Ask [[Owner: agent]] or [write](mailto:a@example.com).\n\n- one\n- two'}
        labels={labels}
      />,
    );
    expect(html).toMatch(
      /^<p class="mt-4 max-w-prose">Ask <mark class="[^"]*">\[Owner: agent\]<\/mark> or <a [^>]*href="mailto:a@example.com">write<\/a>\.<\/p>/,
    );
    expect(html).toMatch(/<ul class="mt-4 max-w-prose[^"]*"><li>one<\/li><li>two<\/li><\/ul>$/);
  });
});
