import { PageLayout } from '../../components/page-layout';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import type { PageProps } from '../../content/page-props';

/**
 * The product brief §2.9: "404", the line and the way home. The number is the picture: a tilted
 * accent tile in the display face, so the button under it is dark (ink) to stay the one call to
 * action.
 */
export function NotFoundPage({ content }: PageProps) {
  const { site, notFound } = content;
  return (
    <PageLayout site={site}>
      <Container className="flex min-h-[70dvh] flex-col items-center justify-center py-16 text-center md:py-28">
        <h1 className="-rotate-3 rounded-card bg-accent px-[0.12em] pt-[0.06em] text-[clamp(7rem,3rem+22vw,15rem)] leading-none text-on-accent shadow-[var(--shadow-card)]">
          {notFound.heading}
        </h1>
        <p className="mt-12 text-step-2 font-semibold">{notFound.text}</p>
        <ButtonLink className="mt-8" href={notFound.homeLink.href} size="lg" variant="ink">
          {notFound.homeLink.label}
        </ButtonLink>
      </Container>
    </PageLayout>
  );
}

export function notFoundMeta({ content }: PageProps) {
  return { ...content.notFound.meta, theme: 'main' as const };
}
