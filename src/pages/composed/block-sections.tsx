import type { ReactNode } from 'react';
import { checkoutLink, pageCheckoutPath } from '../../../contracts/checkout';
import type { BlockKind } from '../../../contracts/content/pages';
import type { SeatsTaken } from '../../../contracts/workshop-sessions';
import { ButtonLink } from '../../components/ui/button';
import { CheckList } from '../../components/ui/check-list';
import { Image } from '../../components/ui/image';
import { PriceBadge } from '../../components/ui/price-badge';
import { Section, SectionHeading } from '../../components/ui/section';
import { publicConfig } from '../../config';
import type { SiteContent } from '../../content/page-props';
import { VideoEmbed, WorkshopCountdown } from '../../islands';
import { pageSeats, type SeatsCopy } from '../../lib/seats';
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
import { NewsletterSignUp } from '../../sections/newsletter-sign-up';
import { PageHero } from '../../sections/page-hero';
import { Pitch } from '../../sections/pitch';
import { Testimonials } from '../../sections/testimonials';
import { VideoMessage } from '../../sections/video-message';
import { NextDate } from '../../sections/workshop/next-date';
import { PriceCard } from '../../sections/workshop/price-card';

/**
 * Each block kind of an owner's page (contracts/content/pages.ts `blockKinds`, the list the
 * content editor offers) and the section component the seed's pages use for it: one
 * implementation per section (docs/decisions/026-owner-pages.md). The table's type is keyed by
 * the schema's kinds, so a kind added there without its section here does not compile.
 */

/** A block as pages receive it: images resolved, facts filled in. */
type ResolvedBlock = SiteContent['pages'][string]['blocks'][number];

/** Each kind's words, as its section receives them. */
type BlockValues = {
  [Kind in BlockKind]: Extract<ResolvedBlock, { discriminant: Kind }>['value'];
};

/** What a block's section is given beside its words: where it stands and when it is read. */
export interface BlockPlace {
  /** The section's anchor, unique on the page ("faq-3"). */
  id: string;
  site: SiteContent['site'];
  /** The moment rendered for: where a countdown starts, which session is on sale. */
  now: number;
  /** The page's, for its checkout redirect. */
  slug: string;
  /**
   * For a checkout block: the seats the store knows (none at build) and the workshop's words for
   * them (content/workshop.yaml `delivery.seats`).
   */
  seats: { taken: SeatsTaken; copy: SeatsCopy };
}

type BlockSectionProps<Kind extends BlockKind> = BlockPlace & { value: BlockValues[Kind] };

/** A kind's section: its words and its place in, the section out. */
type SectionOf<Kind extends BlockKind> = (props: BlockSectionProps<Kind>) => ReactNode;

/** One block through its kind's section. */
export function BlockSection<Kind extends BlockKind>({
  kind,
  value,
  ...place
}: BlockSectionProps<Kind> & { kind: Kind }) {
  // The table read at this block's kind is that kind's section, for that kind's words.
  const KindSection: SectionOf<Kind> = blockSections[kind];
  return <KindSection value={value} {...place} />;
}

/** The page's opening; its picture or poster is the likeliest LCP element, fetched first. */
function HeroBlock({ value, site }: BlockSectionProps<'hero'>) {
  const { cta, badge, image, video, ...words } = value;
  // Fetched first, never lazily: it is what the visitor sees first.
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

function TextBlock({ id, value, site }: BlockSectionProps<'text'>) {
  return (
    <Section id={id} width="text">
      <SectionHeading kicker={value.kicker} heading={value.heading} />
      <div className="mt-2 text-step-1 leading-snug">
        <Prose text={value.body} labels={site.legal} />
      </div>
    </Section>
  );
}

function ListBlock({ id, value }: BlockSectionProps<'list'>) {
  return (
    <Section id={id} width="text">
      <SectionHeading kicker={value.kicker} heading={value.heading} />
      <CheckList items={value.items} className="mt-8" />
    </Section>
  );
}

function PictureBlock({ id, value }: BlockSectionProps<'picture'>) {
  return (
    <Section id={id}>
      {/* A tall picture is held to most of the screen's height, not the page's width. */}
      <figure className="mx-auto w-fit max-w-full">
        <Image
          image={value.image}
          sizes="(min-width: 1280px) 1200px, 100vw"
          className="h-auto max-h-[80svh] w-auto max-w-full rounded-card"
        />
        {value.caption ? (
          <figcaption className="mt-3 text-step--1 text-muted">{value.caption}</figcaption>
        ) : null}
      </figure>
    </Section>
  );
}

/** A sign-up to the list the block names, its field's words the site's. */
function SignUpBlock({ id, value, site }: BlockSectionProps<'signUp'>) {
  const { copy, list, ...words } = value;
  return (
    <NewsletterSignUp
      id={id}
      {...words}
      list={list}
      form={{
        id: `${id}-form`,
        emailLabel: site.forms.emailLabel,
        emailPlaceholder: site.forms.emailPlaceholder,
        copy,
      }}
    />
  );
}

function VideoBlock({ id, value, site }: BlockSectionProps<'video'>) {
  const { player, video, ...words } = value;
  return (
    <VideoMessage id={id} {...words} video={videoBox(video, publicConfig.videos[player], site)} />
  );
}

function CountdownBlock({ id, value, now }: BlockSectionProps<'countdown'>) {
  const { to, label, units, ended, ...words } = value;
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

/**
 * The price card of the session on sale (the first to come with a seat left), or with none, the
 * sign-up for the next date ("Sold out" over it when the first to come is full).
 */
function CheckoutBlock({
  id,
  value,
  now,
  slug,
  seats: { taken, copy },
}: BlockSectionProps<'checkout'>) {
  const { sessions, price, nextDate } = value;
  const seats = pageSeats(sessions, now, taken, copy);
  const session = seats.onSale;
  if (!session) {
    return (
      <NextDate
        {...nextDate}
        kicker={seats.notice ?? nextDate.kicker}
        formId={`${id}-form`}
        level={2}
      />
    );
  }
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
        // Our redirect, naming the session shown: it counts the click and goes on to its checkout.
        href: checkoutLink(pageCheckoutPath(slug), session.id),
        checkout: { value: session.price.amount, currency: session.price.currency },
      }}
      location="page-checkout"
      seats={seats}
    />
  );
}

/** The book as it is once out, its cover from the site settings. */
function BookCardBlock({ id, value, site }: BlockSectionProps<'bookCard'>) {
  const { order, ...words } = value;
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

/** The table: each kind of contracts/content/pages.ts `blockKinds`, and its section. */
export const blockSections: { [Kind in BlockKind]: SectionOf<Kind> } = {
  hero: HeroBlock,
  text: TextBlock,
  list: ListBlock,
  testimonials: ({ id, value }) => <Testimonials id={id} band="surface" {...value} />,
  faq: ({ id, value }) => <Faq id={id} {...value} />,
  picture: PictureBlock,
  callToAction: ({ id, value: { cta, ...band } }) => (
    <Pitch id={id} band="dark" {...band} cta={{ ...cta, location: 'page-cta' }} />
  ),
  signUp: SignUpBlock,
  enquiry: ({ id, value }) => <Contact id={id} {...value} />,
  checkout: CheckoutBlock,
  bookCard: BookCardBlock,
  timeline: ({ id, value }) => <Timeline id={id} {...value} />,
  pressLogos: ({ id, value }) => <PressLogos id={id} {...value} />,
  comparison: ({ id, value }) => <ShiftTable id={id} {...value} />,
  whoFor: ({ id, value }) => <Fit id={id} {...value} />,
  cards: ({ id, value }) => <CardGrid id={id} {...value} />,
  video: VideoBlock,
  countdown: CountdownBlock,
};
