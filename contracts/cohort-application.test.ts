import { describe, expect, it } from 'vitest';
import { fieldErrors } from './api-error';
import { applicationFormBody, applicationSchema, choiceLimits } from './cohort-application';
import { cohortQuestions } from './content/cohort-questions';

const questions = cohortQuestions.parse([
  { id: 'business', type: 'short', label: 'Your business', maxLength: 120 },
  { id: 'story', type: 'long', label: 'Your story', required: false, maxLength: 2000 },
  { id: 'revenue', type: 'choice', label: 'Revenue', options: ['Under £500k', '£500k–£1m'] },
  { id: 'goals', type: 'choices', label: 'Goals', options: ['Sell', 'Step back', 'Grow'], max: 2 },
  { id: 'team', type: 'number', label: 'Team size', min: 0, max: 10000 },
  { id: 'website', type: 'url', label: 'Website', required: false },
]);
const schema = applicationSchema(questions);

const valid = {
  email: 'Ada@Example.com',
  name: 'Ada Lovelace',
  answers: { business: 'Design studio', revenue: 'Under £500k', goals: ['Sell'], team: 12 },
};

function errorsOf(body: unknown) {
  const result = schema.safeParse(body);
  return result.success ? {} : fieldErrors(result.error);
}

const withAnswers = (answers: Record<string, unknown>) => ({
  ...valid,
  answers: { ...valid.answers, ...answers },
});

describe('an application to the cohort', () => {
  it('takes every kind of answer, and leaves out an optional one left empty', () => {
    const parsed = schema.parse({
      ...withAnswers({ story: ' ', website: 'example.com/about', business: '  Studio  ' }),
      page: '/apply',
      source: 'Instagram',
    });
    expect(parsed.answers).toEqual({
      business: 'Studio',
      revenue: 'Under £500k',
      goals: ['Sell'],
      team: 12,
      website: 'https://example.com/about',
    });
  });

  it('refuses a link in the name and in a written answer, with one message, but takes one where a question asks for it', () => {
    const message = 'Please leave out web and email addresses here, such as example.com.';
    const linked = {
      ...withAnswers({
        business: 'Pay at evil.example/pay',
        story: 'Line one\nsee www.evil.example',
        website: 'https://studio.example',
      }),
      name: 'Tom. Your seat was released; pay now at https://evil.example/pay',
    };
    expect(errorsOf(linked)).toEqual({
      name: message,
      'answers.business': message,
      'answers.story': message,
    });
    // The same words without a link: a dot before a space is a sentence's, not a host's.
    expect(
      errorsOf({
        ...withAnswers({
          business: 'Pay at evil. Example pay',
          story: 'We grew 1.5x, e.g. in the U.K.',
        }),
        name: 'Tom. Your seat was released',
      }),
    ).toEqual({});
  });

  it('names each bad answer under answers.<id>', () => {
    expect(
      errorsOf({
        ...valid,
        answers: {
          business: 'x'.repeat(121),
          story: 'Line one\r\nline two\u0000',
          revenue: 'Over £10m',
          goals: ['Sell', 'Grow', 'Step back'],
          team: '12',
          website: 'javascript:alert(1)',
          extra: 'x',
        },
      }),
    ).toEqual({
      'answers.business': 'Please keep this under 120 characters.',
      'answers.story':
        'This answer holds characters we cannot store: please retype it as plain text.',
      'answers.revenue': 'Please choose one of the options.',
      'answers.goals': 'Please choose at most 2.',
      'answers.team': 'Please enter a whole number from 0 to 10,000.',
      'answers.website': 'Please enter a web address, such as https://example.com.',
      'answers.extra': 'This question is not on the form.',
    });
  });

  it('asks for every required answer, and at least one choice of a required list', () => {
    expect(errorsOf({ ...valid, answers: { goals: [] } })).toEqual({
      'answers.business': 'Please answer this question.',
      'answers.revenue': 'Please answer this question.',
      'answers.goals': 'Please choose at least 1.',
      'answers.team': 'Please answer this question.',
    });
  });

  it('refuses what no form sends: nested objects, a repeated choice, a fraction, unknown keys', () => {
    expect(
      errorsOf({
        ...withAnswers({
          business: { text: 'x' },
          goals: ['Sell', 'Sell'],
          team: 1.5,
          website: 'https://exa mple.com',
        }),
        admin: true,
      }),
    ).toEqual({
      'answers.business': 'Please answer this question.',
      'answers.goals': 'Please choose each option once.',
      'answers.team': 'Please enter a whole number from 0 to 10,000.',
      'answers.website': 'Please enter a web address, such as https://example.com.',
      admin: 'Unrecognized key: "admin"',
    });
    expect(errorsOf({ ...valid, answers: 'all good' })).toEqual({
      answers: 'Please answer the questions.',
    });
  });

  it('keeps the line breaks of a long answer and refuses them in a short one', () => {
    expect(schema.parse(withAnswers({ story: 'One\r\nTwo' })).answers.story).toBe('One\r\nTwo');
    expect(errorsOf(withAnswers({ business: 'One\nTwo' }))).toEqual({
      'answers.business':
        'This answer holds characters we cannot store: please retype it as plain text.',
    });
  });

  it('a required list asks for one choice at least, whatever its min says', () => {
    const [goals] = cohortQuestions.parse([
      { id: 'goals', type: 'choices', label: 'Goals', options: ['A', 'B'], min: 0 },
    ]);
    if (goals?.type !== 'choices') throw new Error('expected choices');
    expect(choiceLimits(goals)).toEqual({ min: 1, max: 2 });
    expect(choiceLimits({ ...goals, required: false })).toEqual({ min: 0, max: 2 });
  });
});

describe('a native form post read into an application', () => {
  it('gathers the choices, reads the figure and leaves out what was left empty', () => {
    const posted = new URLSearchParams(
      [
        'form=apply-form',
        'email=ada%40example.com',
        'name=Ada',
        'answers.business=Studio',
        'answers.story=',
        'answers.revenue=Under+%C2%A3500k',
        'answers.goals=Sell',
        'answers.goals=Grow',
        'answers.team=1%2C200',
        'answers.website=',
        'company_website=',
      ].join('&'),
    );
    const body = applicationFormBody(posted, questions);
    expect(body).toEqual({
      email: 'ada@example.com',
      name: 'Ada',
      company_website: '',
      answers: {
        business: 'Studio',
        revenue: 'Under £500k',
        goals: ['Sell', 'Grow'],
        team: 1200,
      },
    });
    expect(schema.parse(body).answers.team).toBe(1200);
  });

  it('leaves what is no number as text, an unchecked list empty, and a stranger field for the schema', () => {
    const body = applicationFormBody(
      [
        ['email', 'ada@example.com'],
        ['name', 'Ada'],
        ['answers.team', 'twelve'],
        ['answers.team', '12'],
        ['answers.admin', 'yes'],
        ['answers.__proto__', 'x'],
      ],
      questions,
    );
    expect(body.answers).toEqual({ goals: [], team: 'twelve', admin: 'yes', ['__proto__']: 'x' });
    expect(errorsOf(body)).toMatchObject({
      'answers.team': 'Please enter a whole number from 0 to 10,000.',
      'answers.goals': 'Please choose at least 1.',
      'answers.admin': 'This question is not on the form.',
      'answers.__proto__': 'This question is not on the form.',
    });
  });
});
