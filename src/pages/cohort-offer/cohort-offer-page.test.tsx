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
  it('says to anyone only what it says to anyone; each outcome under its id, a payment only where the server proves it', async () => {
    const document = await documentOf(await renderPage('cohort-offer', props));
    // Prerendered, it proves nothing: the server sets the attribute for a paid checkout alone
    // (server/http/proven-page.ts).
    const outcomes = document.querySelector('[data-proven]');
    expect(outcomes?.getAttribute('data-proven')).toBe('none');
    const anyone = outcomes?.querySelector(':scope > [data-unproven]');
    expect(wordsOf(anyone)).toEqual([
      words.unknown?.kicker,
      words.unknown?.heading,
      words.unknown?.text,
    ]);
    expect(text(anyone)).not.toContain(words.enrolled.heading);
    // Shown unless an outcome is targeted or proven.
    expect(classesOf(outcomes)).toEqual(
      expect.arrayContaining([
        '[&:has(>:target)>[data-unproven]]:hidden',
        '[&:not([data-proven=none])>[data-unproven]]:hidden',
      ]),
    );
    for (const [outcome, said] of [
      ['paid', words.enrolled],
      ['pending', words.pending],
    ] as const) {
      const section = outcomes?.querySelector(`:scope > [data-outcome="${outcome}"]`);
      expect(wordsOf(section), outcome).toEqual([said?.kicker, said?.heading, said?.text]);
      // display: none unless the server proved it, and no section is targeted.
      expect(classesOf(section), outcome).toEqual(['hidden']);
      expect(classesOf(outcomes)).toContain(
        `[&[data-proven=${outcome}]:not(:has(>:target))>[data-outcome=${outcome}]]:block`,
      );
    }
    for (const outcome of cohortOfferOutcomes) {
      const section = document.getElementById(outcome);
      const said = words[outcome];
      expect(section?.parentElement, outcome).toBe(outcomes);
      expect(wordsOf(section), outcome).toEqual([said?.kicker, said?.heading, said?.text]);
      // display: none until its address targets it.
      expect(classesOf(section), outcome).toEqual(
        expect.arrayContaining(['hidden', 'target:block']),
      );
    }
    // One h1 per outcome, one shown at a time.
    expect(document.querySelectorAll('h1')).toHaveLength(
      3 + cohortOfferOutcomes.length + confirmOutcomes.length,
    );
  });

  it('tells a link cut short from an offer that is over', () => {
    expect(cohortOfferOutcomes).toContain('invalid');
    expect(words.invalid?.text).not.toEqual(words.expired.text);
    expect(`${words.invalid?.heading} ${words.invalid?.text}`).not.toMatch(
      /expired|withdrawn|passed/i,
    );
    expect(`${words.unknown?.heading} ${words.unknown?.text}`).not.toMatch(/confirmed|you're in/i);
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
