import { downloads } from '../../../contracts/downloads';
import { PageLayout } from '../../components/page-layout';
import { CheckList } from '../../components/ui/check-list';
import { Container } from '../../components/ui/container';
import { PageHeading } from '../../components/ui/page-heading';
import { publicConfig } from '../../config';
import type { PageProps } from '../../content/page-props';
import { HandbookForm, UnlockBar } from '../../islands';

/**
 * The unlock window as configured (D11), and in simulated mode how it runs (product brief §4,
 * §9): a random whole number of seconds from 35 to 55, 45 in the prerender.
 */
const unlockWindow = {
  mode: publicConfig.handbookCountdown.mode,
  deadline: publicConfig.handbookCountdown.deadline,
  simulatedSeconds: { min: 35, max: 55 },
};
const prerenderSeconds = 45;

/**
 * The handbook landing page (product brief §2.6; D3, D9, D11), from content/handbook.yaml: the
 * unlock bar, the promise, the form that ends at the handbook PDF.
 */
export function HandbookPage({ content }: PageProps) {
  const { handbook, site } = content;
  const { hero } = handbook;
  return (
    <PageLayout
      site={site}
      header={
        <UnlockBar {...handbook.bar} window={unlockWindow} prerenderSeconds={prerenderSeconds} />
      }
    >
      <section className="py-12 md:py-20">
        <Container className="grid items-center gap-12 md:grid-cols-12">
          <div className="md:col-span-7">
            <PageHeading kicker={hero.kicker} heading={hero.heading} sub={hero.sub} />
            <CheckList items={hero.points} className="mt-6 font-semibold" />
            <div className="mt-8 max-w-xl rounded-card bg-surface p-6 shadow-[var(--shadow-card)] md:p-8">
              <HandbookForm
                id="handbook-form"
                emailLabel={site.forms.emailLabel}
                emailPlaceholder={site.forms.emailPlaceholder}
                {...handbook.form}
                window={unlockWindow}
                download={downloads.handbook}
              />
              <p className="mt-5 text-step--1 text-muted">{hero.trustLine}</p>
            </div>
          </div>
          <div
            aria-hidden="true"
            className="band-dark mx-auto hidden aspect-[3/4] w-full max-w-xs flex-col md:flex justify-between rounded-card p-8 shadow-[var(--shadow-card)] md:col-span-5 md:max-w-sm"
          >
            <span className="font-display text-[9rem] leading-none text-accent">
              {hero.badge.number}
            </span>
            <span>
              <span className="block font-display text-step-4 uppercase">{hero.badge.label}</span>
              <span className="mt-3 block text-step--1 text-ink/75">{hero.badge.note}</span>
            </span>
          </div>
        </Container>
      </section>
    </PageLayout>
  );
}

export function handbookMeta({ content }: PageProps) {
  return { ...content.handbook.meta, theme: 'main' as const, card: content.handbook.card };
}
