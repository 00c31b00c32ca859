// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerField } from '../../../contracts/cohort-answers';
import { applicationFormBody, applicationSchema } from '../../../contracts/cohort-application';
import { type CohortQuestion, cohortQuestions } from '../../../contracts/content/cohort-questions';
import { honeypot } from '../../../contracts/honeypot';
import { sendLead } from '../../lib/submit-lead';
import { ApplicationForm, type ApplicationFormWords } from './application-form';

// The post itself (its proof of work, the network) is the API client's; here it is told how the
// server answered.
vi.mock('../../lib/submit-lead', async (actual) => ({
  ...(await actual<typeof import('../../lib/submit-lead')>()),
  sendLead: vi.fn(),
  startProofOfWork: vi.fn(),
}));

// act() settles the renders and effects; React asks to be told it runs under it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The application form with JavaScript (docs/decisions/033-cohort-applications.md): it checks the
 * answers with the schema the server checks them with, made from the same questions, says what
 * is wrong under each field and keeps everything typed; what it sends is what the server reads.
 */
const questions: CohortQuestion[] = cohortQuestions.parse([
  { id: 'business', type: 'short', label: 'Your business', maxLength: 40 },
  { id: 'revenue', type: 'choice', label: 'Revenue', options: ['Under £1m', '£1m+'] },
  { id: 'team', type: 'number', label: 'Team', min: 1, max: 500 },
  {
    id: 'focus',
    type: 'choices',
    label: 'Focus',
    options: ['Sales', 'Delivery', 'Hiring', 'Finance'],
    min: 1,
    max: 2,
  },
  { id: 'goal', type: 'long', label: 'Goal', maxLength: 200 },
  { id: 'website', type: 'url', label: 'Website', required: false },
]);

const words: ApplicationFormWords = {
  emailLabel: 'Email',
  nameLabel: 'Name',
  required: 'required',
  characters: 'Up to {max} characters',
  choose: { range: 'Choose {min} to {max}', exactly: 'Choose {max}', upTo: 'Choose up to {max}' },
  submit: 'Apply',
  submitting: 'Sending…',
  success: { heading: 'Received', text: 'Thank you.' },
  error: 'Please check the highlighted fields.',
};

const id = 'cohort-application';
let root: Root;
let form: HTMLFormElement;

beforeEach(async () => {
  vi.mocked(sendLead).mockReset();
  window.history.replaceState(null, '', '/apply?utm_source=ig&utm_campaign=spring');
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () =>
    root.render(<ApplicationForm id={id} words={words} questions={questions} />),
  );
  form = container.querySelector('form') as HTMLFormElement;
});

afterEach(() => {
  act(() => root.unmount());
  document.body.replaceChildren();
});

const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
const type = (name: string, value: string) => {
  field(name).value = value;
};
const pick = (id: string, ...options: string[]) => {
  for (const input of form.querySelectorAll<HTMLInputElement>(`[name="${answerField(id)}"]`)) {
    input.checked = options.includes(input.value);
  }
};
const errorOf = (control: string) => document.getElementById(`${id}-${control}-error`)?.textContent;
const submit = () => act(async () => form.requestSubmit());

function fillValid() {
  type('email', 'ada@example.com');
  type('name', 'Ada Lovelace');
  type(answerField('business'), 'Northlight');
  pick('revenue', '£1m+');
  type(answerField('team'), '12');
  pick('focus', 'Sales', 'Hiring');
  type(answerField('goal'), 'A team that runs without me.');
}

describe('the application form, with JavaScript', () => {
  it('names each unanswered required field under it, focuses the first, and sends nothing', async () => {
    await submit();
    expect(errorOf('email')).toBeTruthy();
    expect(errorOf('name')).toBe('Please enter your name.');
    for (const question of ['business', 'revenue', 'team', 'goal']) {
      expect(errorOf(question), question).toBe('Please answer this question.');
    }
    expect(errorOf('focus')).toBe('Please choose at least 1.');
    // The optional question may be left empty.
    expect(errorOf('website')).toBeUndefined();
    expect(document.activeElement).toBe(field('email'));
    expect(field('email').getAttribute('aria-describedby')).toBe(`${id}-email-error`);
    expect(document.getElementById(`${id}-focus`)?.getAttribute('aria-describedby')).toBe(
      `${id}-focus-limit ${id}-focus-error`,
    );
    expect(sendLead).not.toHaveBeenCalled();
  });

  it('says what is wrong with an answer out of its limits, by the shared schema, and keeps everything typed', async () => {
    fillValid();
    type(answerField('team'), '0');
    pick('focus', 'Sales', 'Hiring', 'Finance');
    type(answerField('website'), 'not an address');
    await submit();
    expect(errorOf('team')).toBe('Please enter a whole number from 1 to 500.');
    expect(errorOf('focus')).toBe('Please choose at most 2.');
    expect(errorOf('website')).toBe('Please enter a web address, such as https://example.com.');
    expect(errorOf('business')).toBeUndefined();
    expect(errorOf('goal')).toBeUndefined();
    expect(field(answerField('business')).value).toBe('Northlight');
    expect(field(answerField('goal')).value).toBe('A team that runs without me.');
    expect(field(answerField('team')).value).toBe('0');
    const checked = [...form.querySelectorAll<HTMLInputElement>(':checked')].map(
      (each) => each.value,
    );
    expect(checked).toEqual(['£1m+', 'Sales', 'Hiring', 'Finance']);
    expect(sendLead).not.toHaveBeenCalled();
  });

  it('sends what the server reads from the same fields: the answers under their ids, the page and its source alone', async () => {
    vi.mocked(sendLead).mockResolvedValueOnce({ kind: 'sent', data: { id: 'application-1' } });
    fillValid();
    type(answerField('website'), 'northlight.example');
    const entries = [...new FormData(form)];
    await submit();
    expect(sendLead).toHaveBeenCalledOnce();
    const [action, body] = vi.mocked(sendLead).mock.calls[0] ?? [];
    expect(action).toBe('/api/cohort/applications');
    // The server reads a native post of these fields with the same reader and schema.
    expect(body).toEqual(
      applicationSchema(questions).parse(applicationFormBody(entries, questions)),
    );
    expect(body).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      answers: {
        business: 'Northlight',
        revenue: '£1m+',
        team: 12,
        focus: ['Sales', 'Hiring'],
        goal: 'A team that runs without me.',
        website: 'https://northlight.example',
      },
      page: '/apply',
      source: 'Instagram',
      [honeypot.field]: '',
    });
    // The form gave way to the thanks.
    expect(document.querySelector('form')).toBeNull();
    expect(document.querySelector('[role="status"]')?.textContent).toBe('Received Thank you.');
  });

  it('shows the server’s message for an answer under its question, and keeps everything typed', async () => {
    vi.spyOn(console, 'warn').mockImplementationOnce(() => {});
    vi.mocked(sendLead).mockResolvedValueOnce({
      kind: 'failed',
      error: 'Invalid application',
      fields: { [answerField('business')]: 'Please keep this under 40 characters.' },
    });
    fillValid();
    await submit();
    expect(errorOf('business')).toBe('Please keep this under 40 characters.');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(words.error);
    expect(field(answerField('business')).value).toBe('Northlight');
    expect(field('email').value).toBe('ada@example.com');
  });
});
