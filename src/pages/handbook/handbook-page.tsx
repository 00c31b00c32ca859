import { PageLayout } from '../../components/page-layout';
import { CheckList } from '../../components/ui/check-list';
import { Container } from '../../components/ui/container';
import { PageHeading } from '../../components/ui/page-heading';
import { bar, form, hero } from '../../content/handbook';
import { HandbookForm, UnlockBar } from '../../islands';
import type { PageProps } from '../page-props';

/** The handbook landing page (spec §2.6, D3, D9, D11): the unlock bar, the promise, the form. */
export function HandbookPage({ content }: PageProps) {
  return (
    <PageLayout site={content.site} header={<UnlockBar {...bar} />}>
      <section className="py-12 md:py-20">
        <Container className="grid items-center gap-12 md:grid-cols-12">
          <div className="md:col-span-7">
            <PageHeading kicker={hero.kicker} heading={hero.heading} sub={hero.sub} />
            <CheckList items={hero.points} className="mt-6 font-semibold" />
            <div className="mt-8 max-w-xl rounded-card bg-surface p-6 shadow-[var(--shadow-card)] md:p-8">
              <HandbookForm {...form} />
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
