import { beforeAll, describe, expect, it } from 'vitest';
import type { PageProps } from '../content/page-props';
import { renderPage } from '../entry-server';
import { testPageProps } from '../testing/content';
import { registeredPage } from './registry';

/**
 * The pages after the workshop's checkout (docs/decisions/032-workshop-delivered.md): each says
 * what happened in the content's words and leads back to the workshop; nothing on them moves.
 */
let props: PageProps;
beforeAll(async () => {
  props = await testPageProps();
});

/** Text as React writes it into HTML. */
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

const pages = [
  ['workshop-booked', 'booked'],
  ['workshop-sold-out', 'soldOutPage'],
  ['workshop-retry', 'retry'],
] as const;

describe('the pages after the workshop’s checkout', () => {
  it.each(pages)(
    '%s: the delivery’s words, one h1, a way back to the workshop, no island',
    async (id, name) => {
      const words = props.content.workshop.delivery[name];
      const html = await renderPage(id, props);
      for (const text of [words.kicker, words.heading, words.text]) {
        expect(html).toContain(escaped(text));
      }
      // "You're in" holds its two proven outcomes beside its words for anyone, one shown.
      expect(html.match(/<h1[\s>]/g)).toHaveLength(id === 'workshop-booked' ? 3 : 1);
      expect(html).toMatch(new RegExp(`<a href="\\./"[^>]*>${escaped(words.back)}</a>`));
      expect(html).not.toContain('data-island');
      expect(registeredPage(id, props).meta(props)).toMatchObject({
        ...words.meta,
        theme: 'premium',
        card: { kicker: words.kicker, headline: words.heading },
      });
    },
  );

  it('"You’re in" says so only where the server proved the payment; to anyone else, words that claim no booking', async () => {
    const { booked } = props.content.workshop.delivery;
    const html = await renderPage('workshop-booked', props);
    const { Window } = await import('happy-dom');
    const window = new Window();
    window.document.body.innerHTML = html;
    const outcomes = window.document.querySelector('[data-proven]');
    expect(outcomes?.getAttribute('data-proven')).toBe('none');
    const anyone = outcomes?.querySelector(':scope > [data-unproven]')?.textContent ?? '';
    expect(anyone).toContain(booked.heading);
    expect(anyone).not.toContain(booked.paid?.heading ?? '');
    expect(`${booked.heading} ${booked.text} ${booked.meta.title}`).not.toMatch(
      /you're in|is booked|seat booked|confirmed/i,
    );
    for (const [outcome, words] of [
      ['paid', booked.paid],
      ['pending', booked.pending],
    ] as const) {
      const section = outcomes?.querySelector(`:scope > [data-outcome="${outcome}"]`);
      expect(section?.getAttribute('class'), outcome).toBe('hidden');
      expect(section?.querySelector('h1')?.textContent, outcome).toBe(words?.heading);
    }
  });

  it('"try again" leads to the checkout once more, first, and back to the workshop second', async () => {
    const { retry } = props.content.workshop.delivery;
    const html = await renderPage('workshop-retry', props);
    const again = html.indexOf(`<a href="/go/workshop"`);
    expect(again).toBeGreaterThan(0);
    expect(html.slice(again)).toMatch(new RegExp(`^<a href="/go/workshop"[^>]*>${retry.again}<`));
    expect(html.indexOf('<a href="./"')).toBeGreaterThan(again);
    // The others have no checkout link.
    expect(await renderPage('workshop-booked', props)).not.toContain('/go/');
  });
});
