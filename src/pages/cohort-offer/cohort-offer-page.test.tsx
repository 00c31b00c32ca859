import { beforeAll, describe, expect, it } from 'vitest';
import { cohortOfferOutcomes } from '../../../contracts/routes';
import type { PageProps } from '../../content/page-props';
import { renderPage } from '../../entry-server';
import { testPageProps } from '../../testing/content';
import { registeredPage } from '../registry';
import { backToCohort, confirmOutcomes } from './cohort-offer-page';

/**
 * The cohort's offer page (docs/decisions/033-cohort-applications.md) read as a visitor without
 * JavaScript reads it: its HTML, whose every outcome is there and shown by the address's target.
 */
let props: PageProps;
let words: NonNullable<PageProps['content']['cohort']['offer']>['page'];

beforeAll(async () => {
  props = await testPageProps();
  const offer = props.content.cohort.offer;
  if (!offer) throw new Error('content/cohort.yaml has no offer');
  words = offer.page;
});

async function documentOf(html: string) {
  const { Window } = await import('happy-dom');
  const window = new Window();
  window.document.body.innerHTML = html;
  return window.document as unknown as Document;
}

const text = (element: Element | null | undefined) =>
  (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** An outcome's words, as its paragraphs and heading say them. */
const wordsOf = (element: Element | null | undefined) =>
  [...(element?.querySelectorAll('p, h1') ?? [])].map(text);

const classesOf = (element: Element | null | undefined) =>
  (element?.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);

describe('the offer page', () => {
  it('says "You’re in" unless the address targets an outcome, each outcome under its id, each heading an h1', async () => {
    const document = await documentOf(await renderPage('cohort-offer', props));
    const enrolled = document.querySelector('[data-enrolled]');
    expect(enrolled?.hasAttribute('id')).toBe(false);
    expect(text(enrolled?.querySelector('h1'))).toBe(words.enrolled.heading);
    expect(wordsOf(enrolled)).toEqual([
      words.enrolled.kicker,
      words.enrolled.heading,
      words.enrolled.text,
    ]);
    // Hidden, and out of a screen reader's hearing, while an outcome is targeted.
    expect(classesOf(enrolled?.parentElement)).toContain(
      '[&:has(>:target)>[data-enrolled]]:hidden',
    );
    for (const outcome of cohortOfferOutcomes) {
      const section = document.getElementById(outcome);
      expect(section?.parentElement, outcome).toBe(enrolled?.parentElement);
      expect(text(section?.querySelector('h1')), outcome).toBe(words[outcome].heading);
      expect(wordsOf(section), outcome).toEqual([
        words[outcome].kicker,
        words[outcome].heading,
        words[outcome].text,
      ]);
      // display: none until its address targets it.
      expect(classesOf(section), outcome).toEqual(
        expect.arrayContaining(['hidden', 'target:block']),
      );
    }
    expect(document.querySelectorAll('h1')).toHaveLength(
      1 + cohortOfferOutcomes.length + confirmOutcomes.length,
    );
  });

  it('says where a resubmission’s confirmation link landed, each outcome under its id', async () => {
    const document = await documentOf(await renderPage('cohort-offer', props));
    for (const outcome of confirmOutcomes) {
      const section = document.getElementById(outcome);
      expect(text(section?.querySelector('h1')), outcome).toBe(words[outcome]?.heading);
      expect(classesOf(section), outcome).toEqual(
        expect.arrayContaining(['hidden', 'target:block']),
      );
    }
  });

  it('leads back to the cohort from either site, and ships no island', async () => {
    const html = await renderPage('cohort-offer', props);
    const document = await documentOf(html);
    const links = [...document.querySelectorAll('main a')];
    expect(links.map((link) => [link.getAttribute('href'), text(link)])).toEqual([
      [backToCohort, words.back],
    ]);
    // "/offer" beside "/", "/sellablebusiness/offer" beside "/sellablebusiness".
    expect(new URL(backToCohort, 'https://sellablebusiness.example/offer').pathname).toBe('/');
    expect(new URL(backToCohort, 'https://example.com/sellablebusiness/offer').pathname).toBe(
      '/sellablebusiness/',
    );
    expect(html).not.toContain('data-island');
  });

  it('takes its head from the offer’s page words and the cohort’s card', () => {
    expect(registeredPage('cohort-offer', props).meta(props)).toEqual({
      ...words.meta,
      theme: 'premium',
      card: props.content.cohort.card,
    });
  });
});
