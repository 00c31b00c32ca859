import { beforeAll, describe, expect, it } from 'vitest';
import { answerField, choiceLimits } from '../../../contracts/cohort-answers';
import { intakeSeatsKey, nextIntake } from '../../../contracts/cohort-intakes';
import type { CohortQuestion } from '../../../contracts/content/cohort-questions';
import type { SiteContent } from '../../content/page-props';
import { pageProps, renderPage } from '../../entry-server';
import { formatDay, londonMidnight } from '../../lib/facts';
import { testContent } from '../../testing/content';
import { applicationFormId } from './cohort-apply-page';

/**
 * The cohort's application page read as a visitor without JavaScript reads it: its HTML alone
 * (docs/decisions/033-cohort-applications.md). What it posts is what the server reads: a native
 * form to /api/cohort/applications, its `form` id, the email, the name and `answers.<id>`.
 */
let content: SiteContent;
let application: NonNullable<SiteContent['cohort']['application']>;
let open: number;

beforeAll(async () => {
  content = await testContent();
  if (!content.cohort.application) throw new Error('content/cohort.yaml has no application');
  application = content.cohort.application;
  const first = content.cohort.intakes.toSorted((a, b) => a.starts.localeCompare(b.starts))[0];
  if (!first) throw new Error('content/cohort.yaml has no intake');
  // A week before the first intake's applications close.
  open = londonMidnight(first.applyBy) - 7 * 86_400_000;
});

const page = (now: number, change: (content: SiteContent) => SiteContent = (same) => same) =>
  renderPage('cohort-apply', pageProps(change(content), now));

/** The HTML as a document, to read it by its elements. */
async function documentOf(html: string) {
  const { Window } = await import('happy-dom');
  const window = new Window();
  window.document.body.innerHTML = html;
  return window.document as unknown as Document;
}

const describedBy = (element: Element | null) =>
  (element?.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);

const text = (element: Element | null | undefined) =>
  (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('the application page, with JavaScript off', () => {
  it('is a form that posts natively to the applications’ endpoint with its id, the email and the name', async () => {
    const document = await documentOf(await page(open));
    const form = document.getElementById(applicationFormId);
    expect(form?.tagName).toBe('FORM');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/api/cohort/applications');
    expect(form?.querySelector<HTMLInputElement>('input[name=form]')?.value).toBe(
      applicationFormId,
    );
    for (const [name, label] of [
      ['email', application.emailLabel],
      ['name', application.nameLabel],
    ] as const) {
      const input = document.querySelector(`input[name=${name}]`);
      expect(input?.hasAttribute('required'), name).toBe(true);
      expect(text(document.querySelector(`label[for="${input?.id}"]`))).toBe(
        `${label} (${application.required})`,
      );
    }
    expect(text(form?.querySelector('button[type=submit]'))).toBe(application.submit);
    // The server's answers, shown by :target after a native post.
    expect(text(document.getElementById(`${applicationFormId}-success`))).toBe(
      `${application.success.heading} ${application.success.text}`,
    );
    expect(text(document.getElementById(`${applicationFormId}-error`))).toBe(application.error);
  });

  it('asks every question with its label, its help tied to its control, and "required" in words where it is', async () => {
    const document = await documentOf(await page(open));
    for (const question of application.questions) {
      const controls = [...document.querySelectorAll(`[name="${answerField(question.id)}"]`)];
      expect(controls.length, question.id).toBeGreaterThan(0);
      const grouped = question.type === 'choice' || question.type === 'choices';
      // A group is named by its legend; any other control by its label.
      const described = grouped ? controls[0]?.closest('fieldset') : controls[0];
      const name = grouped
        ? described?.querySelector('legend')
        : document.querySelector(`label[for="${controls[0]?.id}"]`);
      const mark = question.required ? ` (${application.required})` : '';
      expect(text(name), question.id).toBe(`${question.label}${mark}`);
      if (question.help) {
        const [help] = describedBy(described ?? null).map((id) => document.getElementById(id));
        expect(text(help), question.id).toBe(question.help);
      }
    }
    expect(application.questions.some(({ required }) => !required)).toBe(true);
  });

  it('gives each kind of question its control, with its limits', async () => {
    const document = await documentOf(await page(open));
    const controls = (question: CohortQuestion) => [
      ...document.querySelectorAll<HTMLInputElement>(`[name="${answerField(question.id)}"]`),
    ];
    const limitOf = (question: CohortQuestion) =>
      describedBy(controls(question)[0]?.closest('fieldset') ?? controls(question)[0] ?? null)
        .map((id) => text(document.getElementById(id)))
        .at(-1);
    const seen = new Set<string>();
    for (const question of application.questions) {
      seen.add(question.type);
      const [control, ...others] = controls(question);
      switch (question.type) {
        case 'short':
          expect(control?.outerHTML).toMatch(/^<input /);
          expect(control?.getAttribute('maxlength')).toBe(String(question.maxLength));
          break;
        case 'long':
          expect(control?.tagName).toBe('TEXTAREA');
          expect(control?.getAttribute('maxlength')).toBe(String(question.maxLength));
          expect(limitOf(question)).toBe(
            application.characters.replace(
              '{max}',
              new Intl.NumberFormat('en-GB').format(question.maxLength),
            ),
          );
          break;
        case 'choice':
          expect([control, ...others].map((each) => [each?.type, each?.value])).toEqual(
            question.options.map((option) => ['radio', option]),
          );
          break;
        case 'choices': {
          expect([control, ...others].map((each) => [each?.type, each?.value])).toEqual(
            question.options.map((option) => ['checkbox', option]),
          );
          const { min, max } = choiceLimits(question);
          expect(limitOf(question)).toBe(
            application.choose.range.replace('{min}', String(min)).replace('{max}', String(max)),
          );
          break;
        }
        case 'number':
          expect(control?.type).toBe('number');
          expect(control?.getAttribute('min')).toBe(String(question.min));
          expect(control?.getAttribute('max')).toBe(String(question.max));
          break;
        case 'url':
          expect(control?.type).toBe('url');
          break;
      }
    }
    expect([...seen].sort()).toEqual(['choice', 'choices', 'long', 'number', 'short', 'url']);
  });

  it('names the intake the application is for', async () => {
    const html = await page(open);
    const intake = nextIntake(content.cohort.intakes, open);
    expect(html).toContain(formatDay(intake?.starts ?? ''));
    expect(html).toContain(formatDay(intake?.applyBy ?? ''));
  });

  it('says applications are closed in the form’s place once the last intake’s have closed', async () => {
    const last = content.cohort.intakes.toSorted((a, b) => a.starts.localeCompare(b.starts)).at(-1);
    const closed = londonMidnight(last?.applyBy ?? '') + 2 * 86_400_000;
    const html = await page(closed);
    const document = await documentOf(html);
    expect(document.getElementById(applicationFormId)).toBeNull();
    expect(html).not.toContain('data-island="application-form"');
    expect(text(document.querySelector('main'))).toContain(application.closed);
    expect(text(document.querySelector('main'))).toContain(content.cohort.intake.closed);
  });

  it('gives the island the questions and the form’s words, and nothing else of the content', async () => {
    const html = await page(open);
    const [, json] =
      /<script type="application\/json" data-island="application-form"[^>]*>([^<]*)<\/script>/.exec(
        html,
      ) ?? [];
    const { props } = JSON.parse(json ?? '{}') as { props: Record<string, unknown> };
    expect(Object.keys(props).sort()).toEqual(['id', 'questions', 'words']);
    expect(props.questions).toEqual(application.questions);
    expect(Object.keys(props.words as object)).not.toContain('meta');
  });
});

describe('the application page once the intake is full', () => {
  /** The page a week before the first intake's applications close, `left` of its seats left. */
  const withSeatsLeft = (left: number) => {
    const intake = nextIntake(content.cohort.intakes, open);
    if (!intake) throw new Error('no intake takes applications a week before the first closes');
    // One seat held by an offer still open, the rest enrolled.
    const taken = {
      [intakeSeatsKey(intake.starts)]: { sold: intake.seats - left - 1, held: 1, cancelled: false },
    };
    return renderPage('cohort-apply', pageProps(content, open, taken));
  };

  it('says the intake is full above the form, which still takes applications, once every seat is enrolled or offered', async () => {
    const html = await withSeatsLeft(0);
    const document = await documentOf(html);
    const notice = [...document.querySelectorAll('main p')].find(
      (element) => text(element) === application.full,
    );
    const form = document.getElementById(applicationFormId);
    expect(notice).toBeTruthy();
    expect(form?.tagName).toBe('FORM');
    expect(html).toContain('data-island="application-form"');
    // Above it: the form follows the notice in the document.
    expect((notice?.compareDocumentPosition(form as Node) ?? 0) & 4).toBe(4);
  });

  it('says nothing of it while one seat is left', async () => {
    const html = await withSeatsLeft(1);
    expect(text((await documentOf(html)).querySelector('main'))).not.toContain(application.full);
    expect((await documentOf(html)).getElementById(applicationFormId)?.tagName).toBe('FORM');
  });
});
