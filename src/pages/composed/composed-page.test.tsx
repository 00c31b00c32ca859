import { beforeAll, describe, expect, it } from 'vitest';
import { blockKinds } from '../../../contracts/content/pages';
import type { PageProps } from '../../content/page-props';
import { renderPage } from '../../entry-server';
import { testPageProps } from '../../testing/content';
import { blockSections } from './block-sections';
import type { ComposedPageContent } from './composed-page';

/**
 * An owner's page with one block of every kind, each with the words the seed's pages give the
 * same section: each renders through that section (its heading, its island where it moves), and
 * the page has one main heading, its hero's.
 */
describe('an owner page of every block kind', () => {
  let props: PageProps;
  let html: string;
  let page: ComposedPageContent;
  let seedHome: PageProps['content']['home'];

  beforeAll(async () => {
    const seed = await testPageProps();
    const { home, cohort } = seed.content;
    seedHome = home;
    page = {
      name: 'Everything',
      site: 'main',
      path: '/everything',
      noindex: false,
      meta: { title: 'Everything', description: 'Every block kind.' },
      blocks: [
        {
          discriminant: 'hero',
          value: {
            heading: 'The hero heading',
            cta: { label: 'Go', href: '/everything#faq-6' },
            badge: { value: '£99', label: 'One time price' },
            image: home.intro.portrait,
          },
        },
        {
          discriminant: 'text',
          value: { heading: 'Some prose', body: 'One [link](/press).\n\n- a\n- b' },
        },
        { discriminant: 'list', value: { heading: 'A checked list', items: ['First', 'Second'] } },
        { discriminant: 'testimonials', value: cohort.testimonials },
        { discriminant: 'picture', value: { image: home.intro.portrait, caption: 'A caption' } },
        { discriminant: 'faq', value: cohort.faq },
        {
          discriminant: 'callToAction',
          value: { heading: 'Act now', paragraphs: ['Why.'], cta: { label: 'Do it', href: '/' } },
        },
        {
          discriminant: 'signUp',
          value: { ...home.newsletter, list: 'handbook' },
        },
        { discriminant: 'enquiry', value: home.contact },
        {
          discriminant: 'checkout',
          value: {
            sessions: [
              {
                id: 'masterclass-tomorrow',
                start: new Date(seed.now + 86_400_000).toISOString(),
                price: { amount: 99, currency: 'GBP' },
                seats: 12,
                checkout: 'https://buy.stripe.com/test_masterclass',
              },
            ],
            price: seed.content.workshop.price,
            nextDate: seed.content.workshop.nextDate,
          },
        },
        {
          discriminant: 'bookCard',
          value: {
            kicker: 'The book',
            heading: 'Read the book',
            sub: 'Out in March.',
            order: { label: 'Order it', href: 'https://shop.example/book' },
          },
        },
        { discriminant: 'timeline', value: home.timeline },
        { discriminant: 'pressLogos', value: home.press },
        { discriminant: 'comparison', value: cohort.shift },
        { discriminant: 'whoFor', value: cohort.fit },
        { discriminant: 'cards', value: cohort.deliverables },
        {
          discriminant: 'video',
          value: { heading: 'Watch the talk', player: 'speaking', video: home.speaking.video },
        },
        {
          discriminant: 'countdown',
          value: {
            heading: 'Doors open in',
            to: new Date(seed.now + 90_061_000).toISOString(),
            label: 'Time until the doors open',
            units: { days: 'days', hours: 'hours', minutes: 'minutes', seconds: 'seconds' },
            ended: 'The doors are open.',
          },
        },
      ],
    };
    props = { ...seed, content: { ...seed.content, pages: { everything: page } } };
    html = await renderPage('pages/everything', props);
  });

  it('has one of each kind the schema allows', () => {
    expect(new Set(page.blocks.map((block) => block.discriminant))).toEqual(
      new Set(Object.keys(blockKinds)),
    );
  });

  it('shows each block\u2019s heading, in the page\u2019s order, under one main heading', () => {
    const headings = page.blocks.flatMap((block) =>
      'heading' in block.value ? [block.value.heading] : [],
    );
    const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;');
    const places = headings.map((heading) => html.indexOf(escaped(heading)));
    expect(
      places.every((place) => place >= 0),
      headings.join(' | '),
    ).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toMatch(/<h1[^>]*>The hero heading<\/h1>/);
  });

  it('gives each section its own anchor, by kind and place', () => {
    for (const id of [
      'text-2',
      'faq-6',
      'enquiry-9',
      'checkout-10',
      'press-logos-13',
      'who-for-15',
    ]) {
      expect(html).toContain(`id="${id}"`);
    }
  });

  it('hydrates only what moves: the forms, the accordion, the carousels and the countdown', () => {
    const islands = [...html.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(islands)).toEqual(
      new Set([
        'accordion',
        'sign-up-form',
        'contact-form',
        'timeline-carousel',
        'press-carousel',
        'workshop-countdown',
        // No video player is configured for unit tests: the video block is its poster (D22).
      ]),
    );
  });

  it('counts down from the moment rendered for: 1 day, 1 hour, 1 minute, 1 second', () => {
    expect(html).toMatch(/role="timer" aria-label="Time until the doors open"/);
    expect(html).toMatch(/>01<\/dd><dt[^>]*>days<|>01<\/dd>/);
    // Its words for later travel in the island's props, not on the page.
    expect(html).not.toMatch(/<p[^>]*>The doors are open\.<\/p>/);
  });

  it("sells the next session through the page's own checkout redirect, then the next-date form", async () => {
    const link = 'href="/go/page/everything?session=masterclass-tomorrow"';
    expect(html).toContain(link);
    expect(html).not.toContain('buy.stripe.com');
    // Its click is reported as this page's price card, not the workshop's.
    expect(html).toMatch(
      /href="\/go\/page\/everything\?session=masterclass-tomorrow"[^>]*data-cta="page-checkout"|data-cta="page-checkout"[^>]*href="\/go\/page\/everything\?session=masterclass-tomorrow"/,
    );
    expect(html).not.toContain('workshop-price');
    // Once the session has started: nothing on sale, the sign-up for the next date, one h1 still.
    const later = await renderPage('pages/everything', {
      ...props,
      now: props.now + 2 * 86_400_000,
    });
    expect(later).not.toContain('/go/page/everything');
    expect(later).toContain(props.content.workshop.nextDate.heading.replaceAll("'", '&#x27;'));
    expect(later.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(later).toContain('id="checkout-10-form"');
  });

  it("tells its seats in the workshop's words: how many are left once few are, then sold out over the next-date form", async () => {
    const { seats } = props.content.workshop.delivery;
    // 12 seats, none taken: more than the count from which the number shows.
    expect(html).not.toMatch(/seats? left/);
    const taken = (sold: number, held = 0) => ({
      'masterclass-tomorrow': { sold, held, cancelled: false },
    });
    const three = await renderPage('pages/everything', { ...props, taken: taken(8, 1) });
    expect(three).toContain(seats.left.replace('{seatsLeft}', '3'));
    expect(await renderPage('pages/everything', { ...props, taken: taken(10, 1) })).toContain(
      seats.oneLeft,
    );
    const full = await renderPage('pages/everything', { ...props, taken: taken(11, 1) });
    expect(full).not.toContain('/go/page/everything');
    expect(full).toContain(`>${seats.soldOut}<`);
    expect(full).toContain('id="checkout-10-form"');
  });

  it("puts the price badge after the hero's button, and its picture beside them, fetched first", () => {
    const hero = html.slice(html.indexOf('<h1'), html.indexOf('id="text-2"'));
    expect(hero.indexOf('>Go<')).toBeGreaterThan(0);
    expect(hero.indexOf('£99')).toBeGreaterThan(hero.indexOf('>Go<'));
    expect(hero).toContain('One time price');
    const picture = hero.match(/<img[^>]*>/)?.[0] ?? '';
    expect(picture).toContain(`alt="${seedHome.intro.portrait.alt}"`);
    expect(picture).toContain('loading="eager"');
    expect(picture).toContain('fetchPriority="high"');
  });

  it("shows a hero's video as its poster, fetched first, and refuses a picture and a video together", async () => {
    const { hero } = blockKinds;
    const video = { player: 'speaking' as const, video: seedHome.speaking.video };
    const withVideo = {
      ...page,
      blocks: [{ discriminant: 'hero' as const, value: { heading: 'Watch first', video } }],
    };
    const rendered = await renderPage('pages/watch', {
      ...props,
      content: { ...props.content, pages: { watch: withVideo } },
    });
    const poster = rendered.match(/<img[^>]*>/g)?.find((img) => img.includes('poster')) ?? '';
    expect(poster).toContain(`alt="${seedHome.speaking.video.poster.alt}"`);
    expect(poster).toContain('loading="eager"');
    expect(rendered).toMatch(/<h1[^>]*>Watch first<\/h1>/);
    const both = hero.safeParse({
      heading: 'Both',
      image: { src: 'portrait.svg', alt: 'A portrait' },
      video: {
        player: 'speaking',
        video: { ...video.video, poster: { src: 'x.svg', alt: 'A poster' } },
      },
    });
    expect(both.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['video', 'expected a picture or a video beside the hero, not both: remove one'],
    ]);
  });

  it('signs up to the list the block names', () => {
    expect(html).toContain('handbook');
    expect(html).toMatch(/"list":"handbook"/);
  });
});

/**
 * One list of kinds for both sides: the editor offers the kinds of `blockKinds` (the schema's
 * union is made from it; keystatic-config.test.ts), and the renderer's table has a section for
 * each of them and for no other.
 */
it('has a section for each block kind the editor offers, and no other', () => {
  expect(Object.keys(blockSections)).toEqual(Object.keys(blockKinds));
  for (const section of Object.values(blockSections)) expect(section).toBeTypeOf('function');
});
