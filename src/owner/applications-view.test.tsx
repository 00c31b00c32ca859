// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, expect, it, vi } from 'vitest';
import type {
  ApplicationDetail,
  ApplicationStatus,
  ApplicationSummary,
  ApplicationsAnswer,
} from '../../contracts/room/cohort';
import { ApplicationsView } from './applications-view';
import { viewRendering } from './view-rendering';
import { words } from './words';

const text = words.applications;

const summary = (changes: Partial<ApplicationSummary> = {}): ApplicationSummary => ({
  id: 'app-ada',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  intake: '2027-01-11',
  status: 'new',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  erased: false,
  source: 'Instagram',
  page: '/apply',
  variant: null,
  offer: null,
  resubmitted: { unconfirmed: 0, kept: 0 },
  ...changes,
});

const detail = (changes: Partial<ApplicationDetail> = {}): ApplicationDetail => ({
  ...summary(),
  decidedAt: null,
  host: 'sellable.example',
  experiment: null,
  verified: true,
  answers: [
    { id: 'business', label: 'What does your business do?', asked: true, value: 'Bakeries' },
    { id: 'goals', label: 'Your goals', asked: true, value: ['Sell', 'Rest'] },
    { id: 'team', label: 'How many people work in it?', asked: true, value: null },
    { id: 'turnover', label: 'turnover', asked: false, value: 900000 },
  ],
  history: [
    { kind: 'submitted', at: '2026-11-26T10:00:00.000Z' },
    {
      kind: 'updated',
      at: '2026-11-26T11:00:00.000Z',
      before: [
        { id: 'business', label: 'What does your business do?', asked: true, value: 'Cafés' },
      ],
    },
    {
      kind: 'status',
      at: '2026-11-27T09:00:00.000Z',
      owner: 'Jamie',
      from: 'new',
      to: 'shortlisted',
    },
  ],
  notes: [{ at: '2026-11-27T09:05:00.000Z', owner: null, text: 'Strong fit.\nCall her.' }],
  resubmissions: [],
  ...changes,
});

const counts = (changes: Partial<Record<ApplicationStatus, number>> = {}) => ({
  new: 1,
  shortlisted: 1,
  accepted: 0,
  declined: 0,
  waitlisted: 0,
  ...changes,
});

const views = viewRendering();
let list: ApplicationsAnswer;
let application: ApplicationDetail;
let asked: string[];
let sent: { path: string; body: unknown }[];
let container: HTMLDivElement;

/** The room's API as the view asks it: the list, one application, and what the owner does. */
function stubApi(refuse?: { path: string; status: number; error: string; fields?: object }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const { pathname, search } = new URL(url, 'http://localhost');
      if ((init.method ?? 'GET') !== 'GET') {
        const body = JSON.parse(String(init.body));
        sent.push({ path: pathname, body });
        if (refuse?.path === pathname) {
          const { status, ...error } = refuse;
          return Response.json(error, { status });
        }
        if (pathname.endsWith('/status')) {
          application = { ...application, status: body.status };
          return Response.json({
            application: body.application,
            from: 'new',
            status: body.status,
            decidedAt: null,
          });
        }
        return Response.json({ application: body.application, at: '2026-11-27T10:00:00.000Z' });
      }
      asked.push(`${pathname}${search}`);
      if (pathname === '/owner/api/applications/show') return Response.json({ application });
      return Response.json(list);
    }),
  );
}

beforeEach(() => {
  list = {
    intakes: [],
    applications: [
      summary({ id: 'app-grace', name: 'Grace Hopper', status: 'shortlisted', source: null }),
      summary(),
    ],
    total: 2,
    page: 1,
    pageSize: 50,
    counts: counts(),
  };
  application = detail();
  asked = [];
  sent = [];
  stubApi();
});

const open = async () => {
  container = await views.render(<ApplicationsView version={0} />);
};
const button = (name: string) =>
  [...container.querySelectorAll('button')].find((each) => each.textContent === name);
const openApplication = (who: string) =>
  act(async () =>
    container.querySelector<HTMLButtonElement>(`[aria-label="${text.open(who)}"]`)?.click(),
  );
const announced = () => container.querySelector('article [role=status]')?.textContent;

it('lists the applications newest first and filters them by status, each with its count', async () => {
  await open();
  const rows = [...container.querySelectorAll('tbody tr')].map((row) => row.textContent);
  expect(rows[0]).toContain('Grace Hopper');
  expect(rows[0]).toContain(text.statuses.shortlisted);
  expect(rows[1]).toContain('ada@example.com');
  expect(rows[1]).toContain('Instagram');
  const filter = container.querySelector('[role=group]');
  expect(filter?.getAttribute('aria-label')).toBe(text.filter);
  expect(button(text.withCount(text.all, 2))?.getAttribute('aria-pressed')).toBe('true');

  list = { ...list, applications: [list.applications[0] as ApplicationSummary], total: 1 };
  await act(async () => button(text.withCount(text.statuses.shortlisted, 1))?.click());
  expect(asked.at(-1)).toBe('/owner/api/applications?status=shortlisted&page=1');
  expect(button(text.withCount(text.statuses.shortlisted, 1))?.getAttribute('aria-pressed')).toBe(
    'true',
  );
  expect(button(text.withCount(text.all, 2))?.getAttribute('aria-pressed')).toBe('false');

  list = { ...list, applications: [], total: 0 };
  await act(async () => button(text.withCount(text.statuses.accepted, 0))?.click());
  expect(container.textContent).toContain(text.emptyStatus(text.statuses.accepted));
});

it('pages through a long list, newer and older', async () => {
  list = { ...list, total: 120 };
  await open();
  expect(container.textContent).toContain(text.shown(1, 2, 120));
  expect(button(text.newer)?.disabled).toBe(true);
  await act(async () => button(text.older)?.click());
  expect(asked.at(-1)).toBe('/owner/api/applications?page=2');
});

it('opens an application with the focus on it: its answers under the questions, its history and notes', async () => {
  await open();
  await openApplication('Ada Lovelace');
  expect(asked.at(-1)).toBe('/owner/api/applications/show?application=app-ada');
  const article = container.querySelector('article');
  expect(document.activeElement).toBe(article);
  expect(article?.querySelector('h2, h3')?.textContent).toBe('Ada Lovelace');
  const answers = [...container.querySelectorAll('article dl:not([aria-label]) > div')].map(
    (answer) => answer.textContent,
  );
  expect(answers.slice(0, 4)).toStrictEqual([
    'What does your business do?Bakeries',
    'Your goalsSellRest',
    `How many people work in it?${text.notAnswered}`,
    `turnover ${text.notAsked}900000`,
  ]);
  const history = [...(container.querySelectorAll('article ol')[0]?.children ?? [])].map(
    (event) => event.textContent,
  );
  expect(history[0]).toBe(`26 Nov 2026, 10:00 ${text.submitted}`);
  expect(history[1]).toContain(text.reapplied);
  expect(history[1]).toContain('Cafés');
  expect(history[2]).toBe(
    `27 Nov 2026, 09:00 ${text.changed('New', 'Shortlisted')}, ${text.by('Jamie')}`,
  );
  expect(container.textContent).toContain('Strong fit.\nCall her.');
  expect(container.textContent).toContain(text.by(null));
  // The current status has no button: each other one has.
  expect(button(text.moveTo.new)).toBeUndefined();
  expect(button(text.moveTo.shortlisted)).toBeDefined();
});

it('moves an application along and says so, with the focus on what happened, then back to its row', async () => {
  await open();
  await openApplication('Ada Lovelace');
  const lists = () => asked.filter((path) => path.startsWith('/owner/api/applications?')).length;
  const listed = lists();
  await act(async () => button(text.moveTo.shortlisted)?.click());
  expect(sent).toStrictEqual([
    {
      path: '/owner/api/applications/status',
      body: { application: 'app-ada', status: 'shortlisted' },
    },
  ]);
  expect(announced()).toBe(text.moved('Ada Lovelace', 'Shortlisted'));
  expect(document.activeElement).toBe(container.querySelector('article [role=status]'));
  expect(button(text.moveTo.shortlisted)).toBeUndefined();
  expect(container.textContent).toContain(text.current('Shortlisted'));
  // The list is asked again, for its counts have changed.
  expect(lists()).toBe(listed + 1);
  await act(async () => button(text.back)?.click());
  expect(document.activeElement).toBe(
    container.querySelector(`[aria-label="${text.open('Ada Lovelace')}"]`),
  );
});

it('adds a private note, and says which field the server refused', async () => {
  await open();
  await openApplication('Ada Lovelace');
  const field = container.querySelector<HTMLTextAreaElement>('textarea[name=text]');
  if (!field) throw new Error('no note field');
  expect(container.querySelector(`label[for="${field.id}"]`)?.textContent).toBe(text.note);
  expect(field.maxLength).toBe(5000);
  expect(field.getAttribute('aria-describedby')).toBeTruthy();
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(
      field,
      'Ask about the team.',
    );
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => field.form?.requestSubmit());
  expect(sent).toStrictEqual([
    {
      path: '/owner/api/applications/note',
      body: { application: 'app-ada', text: 'Ask about the team.' },
    },
  ]);
  expect(announced()).toBe(text.noteAdded);
  expect(field.value).toBe('');

  stubApi({
    path: '/owner/api/applications/note',
    status: 400,
    error: 'Check the request.',
    fields: { text: 'must be plain text.' },
  });
  await act(async () => field.form?.requestSubmit());
  expect(container.querySelector('form [role=alert]')?.textContent).toBe(
    'The note must be plain text.',
  );
});

it('shows an erased application without its answers, its buttons or a note field', async () => {
  application = detail({
    erased: true,
    name: null,
    email: null,
    answers: [],
    notes: [],
    history: [{ kind: 'submitted', at: '2026-11-26T10:00:00.000Z' }],
  });
  list = { ...list, applications: [summary({ erased: true, name: null, email: null })] };
  await open();
  await openApplication(text.erased);
  expect(container.textContent).toContain(text.erasedAnswers);
  expect(button(text.moveTo.shortlisted)).toBeUndefined();
  expect(container.querySelector('textarea')).toBeNull();
});

it('shows each intake’s seats and, while one is free, opens the next on the waitlist', async () => {
  list = {
    ...list,
    intakes: [
      {
        intake: '2027-01-11',
        seats: 20,
        enrolled: 17,
        offersOpen: 2,
        left: 1,
        next: { id: 'app-grace', name: 'Grace Hopper', email: 'grace@example.com' },
      },
      { intake: '2027-04-12', seats: 20, enrolled: 0, offersOpen: 0, left: 20, next: null },
    ],
  };
  await open();
  const intakes = [...container.querySelectorAll('section[aria-labelledby^="seats-"]')];
  expect(intakes.map((intake) => intake.querySelector('h3, h4')?.textContent)).toStrictEqual([
    text.intakeSeats('11 January 2027'),
    text.intakeSeats('12 April 2027'),
  ]);
  const figures = [...(intakes[0]?.querySelectorAll('dl > div') ?? [])].map(
    (figure) => figure.textContent,
  );
  expect(figures).toStrictEqual([
    `${text.seats}20`,
    `${text.enrolled}17`,
    `${text.offersOpen}2`,
    `${text.left}1`,
  ]);
  expect(intakes[0]?.textContent).toContain(text.seatFree('Grace Hopper'));
  // No seat suggested where nobody waits.
  expect(intakes[1]?.textContent).not.toContain(text.seatFree('Grace Hopper'));

  const next = button(text.openNext('Grace Hopper'));
  application = detail({ id: 'app-grace', name: 'Grace Hopper', status: 'waitlisted' });
  await act(async () => next?.click());
  expect(asked.at(-1)).toBe('/owner/api/applications/show?application=app-grace');
  expect(container.querySelector('article h2, article h3')?.textContent).toBe('Grace Hopper');
  await act(async () => button(text.back)?.click());
  expect(document.activeElement).toBe(button(text.openNext('Grace Hopper')));
});

it('says where each application’s offer stands, in the list and when opened', async () => {
  const offers: ApplicationSummary['offer'][] = [
    { state: 'open', at: '2026-11-30T10:00:00.000Z', paid: null },
    { state: 'expired', at: '2026-11-29T10:00:00.000Z', paid: null },
    {
      state: 'enrolled',
      at: '2026-11-28T10:00:00.000Z',
      paid: { amount: 295_000, currency: 'gbp' },
    },
    { state: 'withdrawn', at: '2026-11-27T10:00:00.000Z', paid: null },
    { state: 'refunded', at: null, paid: { amount: 295_000, currency: 'gbp' } },
  ];
  list = {
    ...list,
    applications: offers.map((offer, index) => summary({ id: `app-${index}`, offer })),
  };
  await open();
  const cells = [...container.querySelectorAll('tbody tr')].map(
    (row) => row.lastChild?.textContent,
  );
  expect(cells).toStrictEqual([
    text.offers.open('30 Nov 2026, 10:00'),
    text.offers.expired('29 Nov 2026, 10:00'),
    text.offers.enrolled('£2,950.00', '28 Nov 2026, 10:00'),
    text.offers.on(text.offers.withdrawn, '27 Nov 2026, 10:00'),
    text.offers.refunded,
  ]);
  expect(cells[2]).toBe('Enrolled, £2,950.00 on 28 Nov 2026, 10:00');

  application = detail({ offer: offers[2] ?? null });
  await openApplication('Ada Lovelace');
  const facts = container.querySelector(`dl[aria-label="${text.details}"]`)?.textContent;
  expect(facts).toContain(
    `${text.offer}${text.offers.enrolled('£2,950.00', '28 Nov 2026, 10:00')}`,
  );
});

it('says the server’s words when accepting is refused, and moves nothing', async () => {
  const full =
    'No seat is left in this intake: 18 enrolled and 2 offers open. Waitlist the application, or raise the seats in the content.';
  stubApi({ path: '/owner/api/applications/status', status: 409, error: full });
  await open();
  await openApplication('Ada Lovelace');
  await act(async () => button(text.moveTo.accepted)?.click());
  expect(container.querySelector('article [role=alert]')?.textContent).toBe(full);
  expect(announced()).toBe('');
  expect(container.textContent).toContain(text.current(text.statuses.new));
  expect(button(text.moveTo.accepted)?.disabled).toBe(false);
});

it('says what was sent again with an address as what it is, under the applicant’s name and never as it', async () => {
  list = {
    ...list,
    applications: [summary({ resubmitted: { unconfirmed: 1, kept: 0 } })],
    total: 1,
  };
  application = detail({
    resubmitted: { unconfirmed: 1, kept: 0 },
    resubmissions: [
      {
        at: '2026-11-28T09:00:00.000Z',
        state: 'unconfirmed',
        confirmedAt: null,
        name: 'Tom. Your seat was released',
        answers: [
          { id: 'business', label: 'What does your business do?', asked: true, value: 'Nothing' },
        ],
      },
    ],
  });
  await open();
  const row = container.querySelector('tbody tr th');
  expect(row?.querySelector('button')?.textContent).toBe('Ada Lovelace');
  expect(row?.textContent).toBe(`Ada Lovelace${text.resubmitted.unconfirmed(1)}`);
  await openApplication('Ada Lovelace');
  const article = container.querySelector('article');
  expect(article?.querySelector('h2, h3')?.textContent).toBe('Ada Lovelace');
  const shown = article?.textContent ?? '';
  expect(shown).toContain(text.resubmitted.heading);
  expect(shown).toContain(text.resubmitted.states.unconfirmed);
  // What the post named itself is shown only as what it gave, inside its own entry.
  const entry = [...(article?.querySelectorAll('li') ?? [])].find((each) =>
    each.textContent?.includes(text.resubmitted.states.unconfirmed),
  );
  expect(entry?.querySelector('details')?.textContent).toContain(
    `${text.resubmitted.nameGiven}Tom. Your seat was released`,
  );
  expect(shown.split('Tom. Your seat was released')).toHaveLength(2);
});
