import { pageCheckoutPath } from '../../../contracts/checkout';
import type { Block } from '../../../contracts/content/pages';
import { type OwnerPageId, ownerPageId } from '../../../contracts/routes';
import { nextSession } from '../../../contracts/workshop-sessions';
import { PageLayout } from '../../components/page-layout';
import { ButtonLink } from '../../components/ui/button';
import { CheckList } from '../../components/ui/check-list';
import { Image } from '../../components/ui/image';
import { PriceBadge } from '../../components/ui/price-badge';
import { Section, SectionHeading } from '../../components/ui/section';
import { publicConfig } from '../../config';
import type { PageProps, SiteContent } from '../../content/page-props';
import type { PageMeta } from '../../content/types';
import { VideoEmbed, WorkshopCountdown } from '../../islands';
import { videoBox } from '../../lib/video';
import { CardGrid } from '../../sections/cohort/card-grid';
import { Fit } from '../../sections/cohort/fit';
import { ShiftTable } from '../../sections/cohort/shift-table';
import { Contact } from '../../sections/contact';
import { Faq } from '../../sections/faq';
import { BookWaitlist } from '../../sections/home/book-waitlist';
import { PressLogos } from '../../sections/home/press-logos';
import { Timeline } from '../../sections/home/timeline';
import { Prose } from '../../sections/legal-document';
import { Newsletter } from '../../sections/newsletter';
import { PageHero } from '../../sections/page-hero';
import { Pitch } from '../../sections/pitch';
import { Testimonials } from '../../sections/testimonials';
import { VideoMessage } from '../../sections/video-message';
import { NextDate } from '../../sections/workshop/next-date';
import { PriceCard } from '../../sections/workshop/price-card';

/** One of the owner's pages as pages receive it: images resolved, facts filled in. */
export type ComposedPageContent = SiteContent['pages'][string];
type ResolvedBlock = ComposedPageContent['blocks'][number];

/**
 * One block through the section component the seed's pages use for it: one implementation per
 * section (docs/decisions/026-owner-pages.md). `id` is the section's anchor, unique on the page.
 */
function BlockSection({
  block,
  id,
  site,
  now,
  slug,
}: {
  block: ResolvedBlock;
  id: string;
  site: SiteContent['site'];
  /** The moment rendered for: where a countdown starts, which session is on sale. */
  now: number;
  /** The page's, for its checkout redirect. */
  slug: string;
}) {
  const { forms } = site;
  switch (block.discriminant) {
    case 'hero': {
      const { cta, badge, image, video, ...words } = block.value;
      // The hero's picture or poster is the likeliest LCP element: fetched first, never lazily.
      const aside = image ? (
        <Image
          image={image}
          priority
          sizes="(min-width: 1024px) 40vw, 100vw"
          className="mx-auto h-auto max-h-[70svh] w-auto max-w-full rounded-card shadow-[var(--shadow-card)]"
        />
      ) : video ? (
        <VideoEmbed
          video={videoBox(video.video, publicConfig.videos[video.player], site)}
          priority
          className="rounded-card shadow-[var(--shadow-card)]"
        />
      ) : undefined;
      return (
        <PageHero {...words} aside={aside}>
          {cta || badge ? (
            <>
              {cta ? (
                <ButtonLink href={cta.href} size="lg" track={{ location: 'page-hero' }}>
                  {cta.label}
                </ButtonLink>
              ) : null}
              {badge ? <PriceBadge {...badge} /> : null}
            </>
          ) : null}
        </PageHero>
      );
    }
    case 'text':
      return (
        <Section id={id} width="text">
          <SectionHeading kicker={block.value.kicker} heading={block.value.heading} />
          <div className="mt-2 text-step-1 leading-snug">
            <Prose text={block.value.body} labels={site.legal} />
          </div>
        </Section>
      );
    case 'list':
      return (
        <Section id={id} width="text">
          <SectionHeading kicker={block.value.kicker} heading={block.value.heading} />
          <CheckList items={block.value.items} className="mt-8" />
        </Section>
      );
    case 'testimonials':
      return <Testimonials id={id} band="surface" {...block.value} />;
    case 'faq':
      return <Faq id={id} {...block.value} />;
    case 'picture':
      return (
        <Section id={id}>
          {/* A tall picture is held to most of the screen's height, not the page's width. */}
          <figure className="mx-auto w-fit max-w-full">
            <Image
              image={block.value.image}
              sizes="(min-width: 1280px) 1200px, 100vw"
              className="h-auto max-h-[80svh] w-auto max-w-full rounded-card"
            />
            {block.value.caption ? (
              <figcaption className="mt-3 text-step--1 text-muted">
                {block.value.caption}
              </figcaption>
            ) : null}
          </figure>
        </Section>
      );
    case 'callToAction': {
      const { cta, ...band } = block.value;
      return <Pitch id={id} band="dark" {...band} cta={{ ...cta, location: 'page-cta' }} />;
    }
    case 'signUp': {
      const { copy, list, ...words } = block.value;
      return (
        <Newsletter
          id={id}
          {...words}
          list={list}
          form={{
            id: `${id}-form`,
            emailLabel: forms.emailLabel,
            emailPlaceholder: forms.emailPlaceholder,
            copy,
          }}
        />
      );
    }
    case 'enquiry':
      return <Contact id={id} {...block.value} />;
    case 'timeline':
      return <Timeline id={id} {...block.value} />;
    case 'pressLogos':
      return <PressLogos id={id} {...block.value} />;
    case 'comparison':
      return <ShiftTable id={id} {...block.value} />;
    case 'whoFor':
      return <Fit id={id} {...block.value} />;
    case 'cards':
      return <CardGrid id={id} {...block.value} />;
    case 'video': {
      const { player, video, ...words } = block.value;
      return (
        <VideoMessage
          id={id}
          {...words}
          video={videoBox(video, publicConfig.videos[player], site)}
        />
      );
    }
    case 'countdown': {
      const { to, label, units, ended, ...words } = block.value;
      return (
        <Section id={id} width="text">
          <SectionHeading {...words} />
          <div className="mt-8 max-w-md">
            <WorkshopCountdown
              target={to}
              renderedAt={now}
              units={units}
              started={ended}
              label={label}
            />
          </div>
        </Section>
      );
    }
    case 'checkout': {
      const { sessions, price, nextDate } = block.value;
      const session = nextSession(sessions, now);
      if (!session) return <NextDate {...nextDate} formId={`${id}-form`} level={2} />;
      return (
        <PriceCard
          id={id}
          heading={price.heading}
          countdown={{
            target: session.start,
            renderedAt: now,
            units: price.units,
            started: price.started,
            label: price.countdownLabel,
          }}
          benefits={price.benefits}
          priceLine={price.priceLine}
          cta={{
            label: price.cta,
            // Our redirect: it counts the click and goes on to this session's Stripe checkout.
            href: pageCheckoutPath(slug),
            checkout: { value: session.price.amount, currency: session.price.currency },
          }}
          location="page-checkout"
        />
      );
    }
    case 'bookCard': {
      const { order, ...words } = block.value;
      return (
        <BookWaitlist
          id={id}
          cover={site.book.cover}
          release={{
            state: 'after',
            words: { ...words, order: order.label },
            orderHref: order.href,
            location: 'page-book',
          }}
        />
      );
    }
  }
}

/** Each block's anchor: its kind and place ("faq-3"), so two of a kind never share one. */
export function blockId(block: Pick<Block, 'discriminant'>, index: number): string {
  const kind = block.discriminant.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return `${kind}-${index + 1}`;
}

/** One of the owner's pages: its blocks in order, in the site's frame. */
export function ComposedPage({
  content,
  now,
  page,
  slug,
}: PageProps & { page: ComposedPageContent; slug: string }) {
  return (
    <PageLayout site={content.site}>
      {page.blocks.map((block, index) => (
        <BlockSection
          key={blockId(block, index)}
          block={block}
          id={blockId(block, index)}
          site={content.site}
          now={now}
          slug={slug}
        />
      ))}
    </PageLayout>
  );
}

/** Its head: title and description, and the share card's words (the title where none given). */
export function composedMeta(page: ComposedPageContent, site: SiteContent['site']): PageMeta {
  return {
    ...page.meta,
    theme: 'main',
    card: page.card ?? { kicker: site.founder.name, headline: page.meta.title },
  };
}

/** The slug of an owner's page id ("pages/speaking" → "speaking"). */
export function slugOf(page: OwnerPageId): string {
  return page.slice(ownerPageId('').length);
}
