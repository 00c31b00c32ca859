import { z } from 'zod';
import { ownerPageId, type PageId, type SystemPageId, systemPageIds } from '../routes';
import { dateTime, line, paragraph, slugPattern } from './fields';

/**
 * content/experiments.yaml: the owner's experiments (docs/decisions/027-experiments.md). Each
 * tests one page's words against the page as it is (the control): its variants change a few of
 * the page's texts, and the server shows each visitor one of them, chosen without a cookie.
 */

/**
 * What an experiment counts as a conversion (docs/decisions/027-experiments.md): visitors who
 * signed up on its page, visitors who clicked its checkout, the paid sales its checkout
 * brought, or the cohort's applications its visitors sent
 * (docs/decisions/033-cohort-applications.md).
 */
export const experimentGoals = ['signUps', 'checkouts', 'sales', 'applications'] as const;
export type ExperimentGoal = (typeof experimentGoals)[number];

const slug = z
  .string()
  .regex(slugPattern, 'expected lower-case letters, digits and inner hyphens ("headline")');

/** A field of the page's content, by its place: "hero.heading", "blocks.0.value.heading". */
export const fieldPattern = /^[a-z][A-Za-z0-9]*(?:\.(?:[a-z][A-Za-z0-9]*|0|[1-9]\d{0,2}))*$/;

/** "blocks.2": one of an owner's page's blocks, by its place in the page's file. */
export const blockPattern = /^blocks\.(0|[1-9]\d{0,2})$/;

/**
 * One thing a variant does differently: a text of the page shown in other words, or, on one of
 * the owner's pages, a block hidden or moved to another place.
 */
const change = z
  .strictObject({
    /**
     * Which of the page's texts, or which block ("blocks.2"): its place in the page's content
     * file, as the editor shows it.
     */
    field: z.string().regex(fieldPattern, {
      message: 'expected a field of the page\'s content, such as "hero.heading"',
    }),
    /** The text this variant shows there. */
    text: paragraph.optional(),
    /** What this variant does with the block: leaves it out, or shows it at `moveTo`. */
    block: z.enum(['hide', 'move']).optional(),
    /** Where a moved block goes (1 is right after the hero). */
    moveTo: z.int().min(1).max(999).optional(),
  })
  .superRefine((value, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message, params: { namesValue: true } });
    if ((value.text === undefined) === (value.block === undefined)) {
      issue('text', 'expected a text, or a block to hide or move, not both');
    } else if ((value.block === 'move') !== (value.moveTo !== undefined)) {
      issue('moveTo', 'expected "move to" with a block moved, and only then');
    } else if (value.block && !blockPattern.test(value.field)) {
      issue('field', 'expected a block, such as "blocks.2", to hide or move');
    }
  });
export type ExperimentChange = z.output<typeof change>;

const variant = z.strictObject({
  name: slug,
  /** Its share of the page's visitors, in percent. */
  share: z.int().min(1).max(99),
  changes: z.array(change).min(1, 'expected at least one change'),
});

export const experiment = z
  .strictObject({
    name: slug,
    /** Shown in the room beside it: what it tests, and that it is a sample while it is one. */
    note: line.optional(),
    /** The page under test: a seed page's id ("waitlist") or one of the owner's ("pages/press"). */
    page: z.string(),
    goal: z.enum(experimentGoals, {
      error: `expected one of the goals: ${experimentGoals.join(', ')}`,
    }),
    /** The page as it is: its share of the visitors, in percent. */
    controlShare: z.int().min(1).max(99),
    variants: z.array(variant).min(1, 'expected at least one variant').max(3),
    /** Visitors each variant needs before a result is given, fixed before the start. */
    sampleSize: z.int().min(100),
    /** When it starts and ends; without them, it runs from its publish until it is ended. */
    start: dateTime.optional(),
    end: dateTime.optional(),
  })
  .superRefine((value, context) => {
    const total = value.variants.reduce((sum, { share }) => sum + share, value.controlShare);
    if (total !== 100) {
      context.addIssue({
        code: 'custom',
        path: ['controlShare'],
        message: `expected the control's and the variants' shares to add up to 100, not ${total}`,
        params: { namesValue: true },
      });
    }
    const names = new Set<string>(['control']);
    value.variants.forEach(({ name }, index) => {
      if (names.has(name)) {
        context.addIssue({
          code: 'custom',
          path: ['variants', index, 'name'],
          message:
            name === 'control'
              ? '"control" is the page as it is: name the variant otherwise'
              : `expected each variant's name once: "${name}" is already a variant`,
          params: { namesValue: true },
        });
      }
      names.add(name);
    });
    if (value.start && value.end && Date.parse(value.end) <= Date.parse(value.start)) {
      context.addIssue({
        code: 'custom',
        path: ['end'],
        message: 'expected the end after the start',
        params: { namesValue: true },
      });
    }
  });

export type Experiment = z.output<typeof experiment>;

export const experiments = z
  .strictObject({ experiments: z.array(experiment).default([]) })
  .superRefine(({ experiments: list }, context) => {
    const seen = new Set<string>();
    list.forEach(({ name }, index) => {
      if (seen.has(name)) {
        context.addIssue({
          code: 'custom',
          path: ['experiments', index, 'name'],
          message: `expected each experiment's name once: "${name}" is already an experiment`,
          params: { namesValue: true },
        });
      }
      seen.add(name);
    });
  });

/**
 * The content file that holds each seed page's words, for the pages an experiment may test: the
 * legal pages and the 404 page have nothing to sell.
 */
export const testablePages = {
  home: 'home',
  waitlist: 'waitlist',
  book: 'book',
  'thank-you': 'thankYou',
  handbook: 'handbook',
  workshop: 'workshop',
  cohort: 'cohort',
  // The application page's words are the cohort's (content/cohort.yaml `application`).
  'cohort-apply': 'cohort',
} as const satisfies Partial<Record<SystemPageId, string>>;

/**
 * The goals each seed page can be measured by: the forms and the checkout it has. The cohort's
 * page leads to the application page, where the form is: an experiment on either counts the
 * applications its visitors send.
 */
const seedGoals: Record<keyof typeof testablePages, readonly ExperimentGoal[]> = {
  home: ['signUps'],
  waitlist: ['signUps'],
  book: ['signUps'],
  'thank-you': [],
  handbook: ['signUps'],
  workshop: ['signUps', 'checkouts', 'sales'],
  cohort: ['applications'],
  'cohort-apply': ['applications'],
};

/**
 * The page whose form an application is sent from, and the page that leads there: an application
 * carries the experiment of the first, or failing one, of the second
 * (server/features/cohort/routes.ts).
 */
export const applicationPages = { form: 'cohort-apply', from: 'cohort' } as const satisfies Record<
  string,
  keyof typeof testablePages
>;

/**
 * A seed page's goals with the content as it is: applications only while the cohort takes them
 * (`admission: application`); the application page exists only then.
 */
function seedGoalsOf(
  page: keyof typeof testablePages,
  admission: string | undefined,
): readonly ExperimentGoal[] {
  const goals = seedGoals[page];
  return admission === 'application' ? goals : goals.filter((goal) => goal !== 'applications');
}

/**
 * The goals one of the owner's pages can be measured by, from its blocks. A checkout block
 * offers the waitlist's form when no date is on sale, so it counts sign-ups too.
 */
function ownerGoals(blocks: ReadonlyArray<{ discriminant: string }>): ExperimentGoal[] {
  const kinds = new Set(blocks.map(({ discriminant }) => discriminant));
  return [
    ...(kinds.has('signUp') || kinds.has('checkout') ? (['signUps'] as const) : []),
    ...(kinds.has('checkout') ? (['checkouts', 'sales'] as const) : []),
  ];
}

/** What the cross-content check needs of the content. */
export interface ExperimentsContext {
  /** Each seed page's content, by its content file's name. */
  files: Readonly<Record<string, unknown>>;
  /** The owner's pages by slug. */
  pages: Readonly<Record<string, { blocks: ReadonlyArray<{ discriminant: string }> }>>;
  /** Checks a page's content once changed; answers the first problem's message, if any. */
  recheck: (page: PageId, content: unknown) => string | null;
}

/**
 * Every page an experiment may test, with the goals it can be measured by: the seed pages that
 * sell something, and the owner's pages with a sign-up or a checkout. The room plans the next
 * experiment's sample from them.
 */
export function testableGoals(
  pages: ExperimentsContext['pages'],
  /** How people get into the cohort (content/cohort.yaml `admission`): by call unless said. */
  admission?: string,
): Array<{ page: PageId; goals: readonly ExperimentGoal[] }> {
  return [
    ...Object.keys(seedGoals).map((page) => ({
      page: page as PageId,
      goals: seedGoalsOf(page as keyof typeof testablePages, admission),
    })),
    ...Object.entries(pages).map(([slug, { blocks }]) => ({
      page: ownerPageId(slug) as PageId,
      goals: ownerGoals(blocks),
    })),
  ].filter(({ goals }) => goals.length > 0);
}

/** The content of the page an experiment tests, or why it cannot be tested. */
function pageContent(
  page: string,
  { files, pages }: ExperimentsContext,
): { content: unknown; goals: readonly ExperimentGoal[] } | { problem: string } {
  if (page in testablePages) {
    const seed = page as keyof typeof testablePages;
    const admission = (files.cohort as { admission?: string } | undefined)?.admission;
    if (seed === applicationPages.form && admission !== 'application') {
      return {
        problem: `"${page}" is there only while the cohort takes applications (admission: application in content/cohort.yaml)`,
      };
    }
    return { content: files[testablePages[seed]], goals: seedGoalsOf(seed, admission) };
  }
  const slug = page.startsWith(ownerPageId('')) ? page.slice(ownerPageId('').length) : null;
  const owner = slug === null ? undefined : pages[slug];
  if (owner) return { content: owner, goals: ownerGoals(owner.blocks) };
  const known = (systemPageIds as readonly string[]).includes(page);
  return {
    problem: known
      ? `"${page}" has nothing to test: choose one of ${Object.keys(testablePages).join(', ')} or one of your pages`
      : `expected a page: one of ${Object.keys(testablePages).join(', ')}, or one of your pages as pages/<name> (${Object.keys(
          pages,
        )
          .map((name) => `pages/${name}`)
          .join(', ')})`,
  };
}

/**
 * The page's content with a variant's changes made: a copy, the content itself untouched. Texts
 * are changed at their places in the file as it is; then the hidden blocks leave, and each moved
 * block goes to its new place, in the order the changes list them.
 */
export function withChanges<T>(content: T, changes: readonly ExperimentChange[]): T {
  const copy = structuredClone(content);
  for (const { field, text } of changes) {
    if (text === undefined) continue;
    const keys = field.split('.');
    const last = keys.pop() as string;
    let node: unknown = copy;
    for (const key of keys) node = (node as Record<string, unknown>)[key];
    (node as Record<string, unknown>)[last] = text;
  }
  const arranging = changes.filter(({ text }) => text === undefined);
  if (arranging.length === 0) return copy;
  const blocks = (copy as { blocks: unknown[] }).blocks;
  const indexOf = (field: string) => Number(field.slice('blocks.'.length));
  const hidden = new Set(
    arranging.filter(({ block }) => block === 'hide').map(({ field }) => indexOf(field)),
  );
  const order = blocks.map((_, index) => index).filter((index) => !hidden.has(index));
  for (const { field, moveTo } of arranging) {
    if (moveTo === undefined) continue;
    const from = order.indexOf(indexOf(field));
    if (from < 0) continue;
    order.splice(from, 1);
    order.splice(Math.min(moveTo, order.length), 0, indexOf(field));
  }
  (copy as { blocks: unknown[] }).blocks = order.map((index) => blocks[index]);
  return copy;
}

/** What a change names in the content, or why it names nothing it can change. */
function targetOf(content: unknown, { field, text }: ExperimentChange): { problem: string } | null {
  let node: unknown = content;
  for (const key of field.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) {
      return {
        problem:
          text === undefined
            ? `the page has no block "${field}"`
            : `the page has no field "${field}"`,
      };
    }
    node = (node as Record<string, unknown>)[key];
  }
  if (text === undefined) return null;
  return typeof node === 'string'
    ? null
    : { problem: `"${field}" is not a text of the page: name one of its words, such as a heading` };
}

/**
 * What only the content as a whole shows about the experiments: a page that does not exist or
 * has nothing to test, a goal the page cannot be measured by, a change to a field the page does
 * not have or to something other than a text, a change the page's own schema refuses, and two
 * experiments on one page at once. Each problem is at its field of content/experiments.yaml.
 */
export function experimentProblems(
  list: readonly Experiment[],
  context: ExperimentsContext,
): Array<{ path: Array<string | number>; message: string }> {
  const problems: Array<{ path: Array<string | number>; message: string }> = [];
  list.forEach((experiment, index) => {
    const at = (...path: Array<string | number>) => ['experiments', index, ...path];
    const page = pageContent(experiment.page, context);
    if ('problem' in page) {
      problems.push({ path: at('page'), message: page.problem });
      return;
    }
    if (!page.goals.includes(experiment.goal)) {
      problems.push({
        path: at('goal'),
        message: page.goals.length
          ? `"${experiment.page}" cannot be measured by ${experiment.goal}: choose ${page.goals.join(' or ')}`
          : `"${experiment.page}" has no sign-up form or checkout to measure`,
      });
    }
    experiment.variants.forEach((variant, variantIndex) => {
      const targets = variant.changes.map((change) => targetOf(page.content, change));
      targets.forEach((found, changeIndex) => {
        if (found) {
          problems.push({
            path: at('variants', variantIndex, 'changes', changeIndex, 'field'),
            message: found.problem,
          });
        }
      });
      if (targets.some(Boolean)) return;
      const problem = context.recheck(
        experiment.page as PageId,
        withChanges(page.content, variant.changes),
      );
      if (problem) {
        problems.push({
          path: at('variants', variantIndex, 'changes'),
          message: `the page would not build with this variant: ${problem}`,
        });
      }
    });
    const overlapping = list.findIndex(
      (other, otherIndex) =>
        otherIndex < index && other.page === experiment.page && overlaps(other, experiment),
    );
    if (overlapping >= 0) {
      problems.push({
        path: at('page'),
        message: `"${experiment.page}" is already tested by "${list[overlapping]?.name}" at the same time: one experiment per page at once`,
      });
    }
  });
  return problems;
}

/** Whether two experiments' times meet (an open start or end runs for ever). */
function overlaps(a: Experiment, b: Experiment): boolean {
  const startOf = (experiment: Experiment) =>
    experiment.start ? Date.parse(experiment.start) : Number.NEGATIVE_INFINITY;
  const endOf = (experiment: Experiment) =>
    experiment.end ? Date.parse(experiment.end) : Number.POSITIVE_INFINITY;
  return startOf(a) < endOf(b) && startOf(b) < endOf(a);
}

/**
 * A variant's own document, rendered beside its page's at every render: the page's id, the
 * experiment's name and the variant's ("waitlist@waitlist-headline/first-to-read"). Its file is
 * that id plus `.html` under the pages' directory.
 */
export type VariantId = `${PageId}@${string}/${string}`;

/** A page's document, or one of its variants'. */
export type DocumentId = PageId | VariantId;

export function variantId(page: PageId, experiment: string, variant: string): VariantId {
  return `${page}@${experiment}/${variant}`;
}

/** The page, experiment and variant of a variant's id; null for a page's own. */
export function variantOf(
  id: DocumentId,
): { page: PageId; experiment: string; variant: string } | null {
  const match = /^(.+)@([a-z0-9-]+)\/([a-z0-9-]+)$/.exec(id);
  if (!match) return null;
  const [, page, experiment, variant] = match as unknown as [string, PageId, string, string];
  return { page, experiment, variant };
}

/** Every variant's document of these experiments. */
export function variantIds(list: readonly Experiment[]): VariantId[] {
  return list.flatMap(({ name, page, variants }) =>
    variants.map((variant) => variantId(page as PageId, name, variant.name)),
  );
}

/** The control first, then each variant: the split as the server places visitors on it. */
export function splitOf(
  experiment: Pick<Experiment, 'controlShare' | 'variants'>,
): Array<{ name: string; share: number }> {
  return [
    { name: 'control', share: experiment.controlShare },
    ...experiment.variants.map(({ name, share }) => ({ name, share })),
  ];
}

/** The experiment running on a page at `now`, if any (one at a time, as the check insists). */
export function liveOn<T extends Pick<Experiment, 'page' | 'start' | 'end'>>(
  list: readonly T[],
  page: PageId,
  now: number,
): T | undefined {
  return list.find(
    (experiment) =>
      experiment.page === page &&
      (!experiment.start || Date.parse(experiment.start) <= now) &&
      (!experiment.end || now < Date.parse(experiment.end)),
  );
}
