import { Hono } from 'hono';
import {
  type ApplicationAnswer,
  applicationFormBody,
  applicationSchema,
} from '../../../contracts/cohort-application';
import { nextIntake } from '../../../contracts/cohort-intakes';
import {
  answerLimits,
  type CohortQuestion,
  optionLimits,
} from '../../../contracts/content/cohort-questions';
import { applicationPages } from '../../../contracts/content/experiments';
import type { OutboxJobKind } from '../../db/schema';
import type { Store } from '../../db/store';
import {
  type LeadEndpoint,
  type LeadFormDeps,
  type LeadMeta,
  type LeadsClosed,
  leadRouter,
  maxBodyBytes,
} from '../../http/lead-form';
import type { Site } from '../../site';
import { addExperimentApplication, type ExperimentOf } from '../experiments';
import { saveApplication } from './applications';
import { confirmLinkPath } from './confirm-links';
import { confirmRouter } from './confirm-route';
import { type OfferCheckoutDeps, offerCheckoutRouter } from './offer-checkout';
import { offerLinkPath } from './offer-links';

/**
 * What the cohort's routes are made from: the lead forms' machinery (the app's rate limit and a
 * proof of work, given by server/feature-list.ts), the store, the site, whose cohort slice a
 * publish swaps, the jobs on, and what an offer's link needs (Stripe, the secret, the origins).
 */
export interface CohortContext
  extends LeadFormDeps,
    Omit<OfferCheckoutDeps, 'store' | 'site' | 'now' | 'siteHosts' | 'logger'> {
  store: Store;
  site: Pick<Site, 'cohort'>;
  /** The clock that says which intake is open and whether an offer is; the real one in the app. */
  now?: () => number;
  forwarding: { jobsForCohort(): readonly OutboxJobKind[] };
  /** The experiment a lead's page, or with `via` the page leading to it, shows its visitor. */
  experimentOf?: ExperimentOf;
}

/**
 * The cohort's public routes: POST /api/cohort/applications, GET /go/offer/<token> and
 * GET /go/confirm/<token>.
 */
export function cohortRoutes(context: CohortContext): Hono {
  return new Hono()
    .route('/api/cohort/applications', applicationsRouter(context))
    .route(offerLinkPath, offerCheckoutRouter(context))
    .route(confirmLinkPath, confirmRouter(context));
}

type ApplicationEndpoint = LeadEndpoint<ReturnType<typeof applicationSchema>, ApplicationAnswer>;

/**
 * POST /api/cohort/applications: an application to the intake open now, 201 {id}, stored before
 * the thanks (docs/decisions/033-cohort-applications.md), through the one path of every lead form
 * (server/http/lead-form.ts). It is checked against the questions the site serves at that
 * moment, so a publish that changes them changes the next post's check. 404 while the site
 * takes no applications (admission by call, or a render made before them); 409 once no intake
 * takes them, in the content's own words.
 */
export function applicationsRouter(context: CohortContext) {
  const { store, site, now = Date.now, experimentOf } = context;
  const formOf = lastForm();
  // The form is on the application page; its visitor came from the cohort's page, whose
  // experiment counts applications too: asked when the application page runs none.
  const deps: LeadFormDeps = {
    ...context,
    experimentOf: (request, address, page) =>
      experimentOf?.(request, address, page, applicationPages.from) ?? null,
  };
  return leadRouter(deps, (): ApplicationEndpoint | LeadsClosed => {
    const cohort = site.cohort;
    if (cohort?.admission !== 'application') return { status: 404, error: 'Not found' };
    const intake = nextIntake(cohort.intakes, now());
    if (!intake) return { status: 409, error: cohort.closed };
    const form = formOf(cohort.questions);
    return {
      lead: 'application',
      schema: form.schema,
      async save(body, meta) {
        // Kit's applicant tag names a tag of the offer's words: none in a render before offers.
        const jobs = cohort.offer ? context.forwarding.jobsForCohort() : [];
        const post = { intake: intake.starts, body, meta, jobs };
        const { id, created } = await saveApplication(store, post);
        // A resubmission is no application until confirmed, and then the first's conversion.
        if (created && meta.experiment) {
          await countForExperiment(context, id, meta.experiment, now());
        }
        // Applying again answers as applying first did, with the id of what this post stored:
        // nobody learns who has applied, nor the id of another's application.
        return { created, answer: { id } };
      },
      decoyAnswer: (id) => ({ id }),
      formBody: (fields) => applicationFormBody(fields, cohort.questions),
      maxBodyBytes: form.maxBodyBytes,
    };
  });
}

/**
 * Keeps the visitor key the application's variant came from, which its experiment counts it by
 * (server/features/experiments/store.ts). The application is stored already: a failure here
 * loses one conversion, not the application, and is logged for the owner.
 */
async function countForExperiment(
  { store, logger }: Pick<CohortContext, 'store' | 'logger'>,
  application: string,
  { name, variant, visitor }: NonNullable<LeadMeta['experiment']>,
  now: number,
): Promise<void> {
  const day = new Date(now).toISOString().slice(0, 10);
  try {
    await addExperimentApplication(store, { application, day, name, variant, visitor });
  } catch (error) {
    logger.error({ err: error, application }, 'the application was not counted for its experiment');
  }
}

/**
 * The schema and body limit of a list of questions, made again only when a publish brings
 * another list (the slice's, compared by identity), not at every post.
 */
function lastForm() {
  let last: { questions: readonly CohortQuestion[]; form: ReturnType<typeof formFor> } | null =
    null;
  return (questions: readonly CohortQuestion[]) => {
    if (last?.questions !== questions) last = { questions, form: formFor(questions) };
    return last.form;
  };
}

function formFor(questions: readonly CohortQuestion[]) {
  return { schema: applicationSchema(questions), maxBodyBytes: applicationBodyLimit(questions) };
}

/**
 * The most bytes one character of a form post can take: a UTF-16 unit of a three-byte character,
 * percent-encoded (%E2%80%94), in a native post; JSON's \uXXXX escapes take less.
 */
const bytesPerCharacter = 9;

/**
 * The largest application body taken: every lead's limit, for the fields all leads have, and room
 * for the longest answer to each question, every character escaped, under its field's name (a
 * choice of several repeats the name once per option). Beyond it the post is refused whole (413).
 */
export function applicationBodyLimit(questions: readonly CohortQuestion[]): number {
  const characters = questions.reduce((sum, question) => sum + longestAnswer(question), 0);
  return maxBodyBytes + characters * bytesPerCharacter;
}

/** The characters of a question's longest answer in a form post, its fields' names with it. */
function longestAnswer(question: CohortQuestion): number {
  const name = `answers.${question.id}=&`.length;
  switch (question.type) {
    case 'short':
    case 'long':
      return name + question.maxLength;
    case 'url':
      return name + answerLimits.url;
    case 'number':
      return name + 40;
    case 'choice':
      return name + optionLimits.length;
    case 'choices':
      return question.options.reduce((all, option) => all + name + option.length, 0);
  }
}
