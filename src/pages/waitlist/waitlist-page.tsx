import { PageLayout } from '../../components/page-layout';
import { publicConfig } from '../../config';
import type { PageProps } from '../../content/page-props';
import { SpacesBanner } from '../../islands';
import { dayAfter, dayHasCome } from '../../lib/facts';
import { WaitlistHero } from '../../sections/waitlist/waitlist-hero';

/**
 * How the banner's count of spaces falls in simulated mode (product brief §9): 983 to start,
 * never below 250, 1–3 fewer every 5–10 s.
 */
const spacesRules = {
  start: 983,
  floor: 250,
  drop: { min: 1, max: 3 },
  delayMs: { min: 5000, max: 10_000 },
} as const;

/**
 * The waitlist page (product brief §2.3; product decisions D1, D4, D11): the spaces banner and
 * the sign-up. Until the offer's last day (content/waitlist.yaml banner.offerEnds) the banner
 * names it; from the day after it says `afterOffer`.
 */
export function WaitlistPage({ content, now }: PageProps) {
  const { site, waitlist } = content;
  const { offerEnds, endsLabel, afterOffer, ...banner } = waitlist.banner;
  const { firstNameLabel, copy, ...hero } = waitlist.hero;
  const offerOver = dayHasCome(dayAfter(offerEnds), now);
  return (
    <PageLayout
      site={site}
      header={
        <SpacesBanner
          {...banner}
          endsLabel={offerOver ? afterOffer : endsLabel}
          mode={publicConfig.spacesCounter.mode}
          rules={spacesRules}
        />
      }
    >
      <WaitlistHero
        {...hero}
        cover={site.book.cover}
        form={{
          id: 'waitlist-page-form',
          firstNameLabel,
          emailLabel: site.forms.emailLabel,
          emailPlaceholder: site.forms.emailPlaceholder,
          copy,
          bonusLink: {
            label: site.forms.bonusLink,
            href: `${publicConfig.origins.main}/thank-you?code={code}`,
          },
        }}
      />
    </PageLayout>
  );
}

export function waitlistMeta({ content }: PageProps) {
  return { ...content.waitlist.meta, theme: 'main' as const, card: content.waitlist.card };
}
