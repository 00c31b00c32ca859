import { Fragment } from 'react';
import type { ApplicationFormWords } from '../../components/cohort/application-form';
import { PageLayout } from '../../components/page-layout';
import { Container } from '../../components/ui/container';
import type { PageProps, SiteContent } from '../../content/page-props';
import { ApplicationForm } from '../../islands';
import { applicationsAt } from '../../lib/cohort-seats';

/** The form's HTML id: its messages are #cohort-application-success and -error. */
export const applicationFormId = 'cohort-application';

/** The application page's words; the page is built only while the cohort takes applications. */
function applicationOf(cohort: SiteContent['cohort']) {
  const { application } = cohort;
  if (!application) {
    throw new Error('content/cohort.yaml has no `application`: the application page is not built');
  }
  return application;
}

/**
 * The cohort's application page (/apply, docs/decisions/033-cohort-applications.md), built while
 * content/cohort.yaml says `admission: application`: what the application is for and the intake
 * it is for, then the form (an island; it posts natively without JavaScript). While no intake
 * takes applications, the page says `application.closed` in the form's place, and no script for
 * a form loads. Once every seat of the intake is taken it says `application.full` above the form,
 * which still takes applications: the owner waitlists them. The server renders it again when an
 * intake's applications close and when its seats left change.
 */
export function CohortApplyPage({ content, now, taken }: PageProps) {
  const { cohort, site } = content;
  const application = applicationOf(cohort);
  const { open, full } = applicationsAt(cohort.intakes, now, taken);
  return (
    <PageLayout site={site}>
      <section className="py-14 md:py-24">
        <Container className="grid gap-10 lg:grid-cols-12 lg:gap-16">
          <div className="lg:sticky lg:top-16 lg:col-span-5 lg:self-start">
            <p className="inline-block rounded-full bg-accent px-4 py-1 text-step--1 font-bold uppercase tracking-wider text-on-accent">
              {application.kicker}
            </p>
            <h1 className="mt-6 text-step-5 leading-[0.92] uppercase">{application.heading}</h1>
            <p className="mt-6 text-step-1 leading-snug text-muted">{application.intro}</p>
            <p className="mt-8 border-l-4 border-accent pl-4 text-step-0">
              <span className="block text-step--1 font-bold uppercase tracking-wider text-accent">
                {cohort.intake.label}
              </span>
              <IntakeText text={open ? cohort.intake.open : cohort.intake.closed} />
            </p>
          </div>
          <div className="lg:col-span-7">
            {open && full ? (
              <p className="mb-6 rounded-card border-2 border-accent p-6 text-step-1 font-semibold leading-snug sm:px-10">
                {application.full}
              </p>
            ) : null}
            {open ? (
              <div className="rounded-card bg-surface p-6 shadow-[var(--shadow-card)] sm:p-10">
                <ApplicationForm
                  id={applicationFormId}
                  words={formWords(application)}
                  questions={application.questions}
                />
              </div>
            ) : (
              <p className="rounded-card bg-surface p-6 text-step-1 leading-snug shadow-[var(--shadow-card)] sm:p-10">
                {application.closed}
              </p>
            )}
          </div>
        </Container>
      </section>
    </PageLayout>
  );
}

/** What the form says besides its questions: only these cross into the browser with them. */
function formWords(application: ReturnType<typeof applicationOf>): ApplicationFormWords {
  const { emailLabel, nameLabel, required, characters, choose, submit, submitting } = application;
  const { success, error } = application;
  return {
    emailLabel,
    nameLabel,
    required,
    characters,
    choose,
    submit,
    submitting,
    success,
    error,
  };
}

/** The intake's line: each " · " part wraps as a whole, as on the cohort page's hero. */
function IntakeText({ text }: { text: string }) {
  return (
    <span className="mt-1 block">
      {text.split(' · ').map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed pieces of one line.
        <Fragment key={index}>
          {index > 0 ? ' · ' : null}
          <span className="inline-block">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}

export function cohortApplyMeta({ content }: PageProps) {
  const { cohort } = content;
  return { ...applicationOf(cohort).meta, theme: 'premium' as const, card: cohort.card };
}
