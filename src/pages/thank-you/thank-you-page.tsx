import { downloads } from '../../../contracts/downloads';
import { PageLayout } from '../../components/page-layout';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { PageHeading } from '../../components/ui/page-heading';
import { publicConfig } from '../../config';
import type { PageProps } from '../../content/page-props';
import { ShareBonus, Teaser } from '../../islands';
import { videoBox } from '../../lib/video';

/**
 * Where each direct share link goes: "{text}", "{url}" and "{title}" stand for the encoded share
 * text, link and title (the networks' own addresses, so code, not content).
 */
const directShare = {
  whatsapp: 'https://wa.me/?text={text}%20{url}',
  x: 'https://x.com/intent/post?text={text}&url={url}',
  linkedin: 'https://www.linkedin.com/sharing/share-offsite/?url={url}',
  email: 'mailto:?subject={title}&body={text}%20{url}',
} as const;

/** The thank-you / bonus page (product brief §2.5, product decision D10). */
export function ThankYouPage({ content }: PageProps) {
  const { site, thankYou } = content;
  const { hero, teaser } = thankYou;
  const { friendsGoal: _goal, direct, ...share } = thankYou.share;
  return (
    <PageLayout site={site}>
      <section className="py-14 md:py-24">
        <Container width="text">
          <PageHeading kicker={hero.kicker} heading={hero.heading} sub={hero.sub} />
          <div className="mt-10 flex flex-wrap items-center gap-4">
            {/* A plain link with `download`: it works before, and without, JavaScript. */}
            <ButtonLink href={downloads.bonus} download size="lg" track={{ location: 'thank-you' }}>
              {hero.download}
            </ButtonLink>
            <Teaser {...teaser} video={videoBox(teaser.video, publicConfig.videos.teaser, site)} />
          </div>
        </Container>
      </section>
      <ShareBonus
        id="share"
        {...share}
        direct={(Object.keys(directShare) as Array<keyof typeof directShare>).map((network) => ({
          label: direct[network],
          href: directShare[network],
        }))}
        waitlistOrigin={publicConfig.origins.waitlist}
      />
    </PageLayout>
  );
}

export function thankYouMeta({ content }: PageProps) {
  return { ...content.thankYou.meta, theme: 'main' as const, card: content.thankYou.card };
}
