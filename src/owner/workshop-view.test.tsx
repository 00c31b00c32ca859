// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, expect, it, vi } from 'vitest';
import {
  type WorkshopAnswer,
  type WorkshopAttendees,
  type WorkshopSessionOverview,
  workshopWarningWords,
} from '../../contracts/room/workshop';
import { viewRendering } from './view-rendering';
import { words } from './words';
import { WorkshopView } from './workshop-view';

const text = words.workshop;

const session = (changes: Partial<WorkshopSessionOverview> = {}): WorkshopSessionOverview => ({
  id: 'december-2026',
  start: '2026-12-10T18:00:00.000Z',
  published: true,
  seats: 40,
  sold: 2,
  held: 1,
  left: 37,
  refunded: 1,
  revenue: { gbp: 8800 },
  mismatches: 1,
  checkoutsLastDay: { opened: 4, paid: 2 },
  review: 0,
  disputed: 0,
  refundedWithLink: 0,
  cancelledAt: null,
  started: false,
  joiningLink: null,
  replayLink: null,
  replayQueuedAt: null,
  ...changes,
});

const attendees: WorkshopAttendees = {
  session: 'december-2026',
  attendees: [
    {
      id: 'cs_test_a',
      createdAt: '2026-11-26T10:00:00.000Z',
      status: 'confirmed',
      reviewReasons: [],
      paidThrough: null,
      dispute: null,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      erased: false,
      source: 'Instagram',
      experiment: null,
      variant: 'bold',
      amount: 3900,
      currency: 'gbp',
      refunded: 0,
      mismatch: true,
      expectedAmount: 4900,
      expectedCurrency: 'gbp',
      emails: [
        { kind: 'workshop-confirmation', status: 'sent', sentAt: '2026-11-26T10:01:00.000Z' },
      ],
      payment: 'https://dashboard.stripe.com/test/payments/pi_a',
    },
    {
      id: 'cs_test_b',
      createdAt: '2026-11-26T11:00:00.000Z',
      status: 'refunded',
      reviewReasons: [],
      paidThrough: null,
      dispute: null,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      erased: false,
      source: null,
      experiment: null,
      variant: null,
      amount: 4900,
      currency: 'gbp',
      refunded: 4900,
      mismatch: false,
      expectedAmount: 4900,
      expectedCurrency: 'gbp',
      emails: [],
      payment: 'https://dashboard.stripe.com/test/payments/pi_b',
    },
  ],
};

const views = viewRendering();
let overview: WorkshopAnswer;
let sent: { method: string; path: string; body: unknown }[];
let container: HTMLDivElement;

/** The room's API as the view asks it: the overview, the attendees, and what the owner sends. */
function stubApi(refuse?: { path: string; status: number; error: string; fields?: object }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const { pathname } = new URL(url, 'http://localhost');
      const method = init.method ?? 'GET';
      if (method !== 'GET') {
        const body = JSON.parse(String(init.body));
        sent.push({ method, path: pathname, body });
        if (refuse?.path === pathname) {
          const { status, ...error } = refuse;
          return Response.json(error, { status });
        }
        if (pathname.endsWith('/links')) {
          return Response.json({
            session: body.session,
            joiningLink: body.joining || null,
            replayLink: body.replay || null,
          });
        }
        return Response.json({ queued: 2 });
      }
      if (pathname === '/owner/api/workshop') return Response.json(overview);
      if (pathname === '/owner/api/workshop/attendees') return Response.json(attendees);
      return Response.json({ session: 'december-2026', open: 0, clients: [] });
    }),
  );
}

beforeEach(() => {
  overview = { seatsEnforced: false, buyersApart: true, sessions: [session()] };
  sent = [];
  stubApi();
});

const open = async () => {
  container = await views.render(<WorkshopView version={0} />);
};
const button = (name: string) =>
  [...container.querySelectorAll('button')].find((each) => each.textContent === name);
const status = () => container.querySelector('article [role=status]')?.textContent;
const type = (input: HTMLInputElement, value: string) =>
  act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

it('shows each session’s seats and revenue, says seats are not enforced without Stripe’s key, and lists its attendees', async () => {
  await open();
  expect(container.textContent).toContain(text.notEnforced);
  const figures = [...container.querySelectorAll('dl div')].map((figure) => figure.textContent);
  expect(figures).toEqual(
    expect.arrayContaining(['Seats40', 'Sold2', 'Held1', 'Left37', 'Revenue£88.00']),
  );
  const rows = [...container.querySelectorAll('tbody tr')].map((row) => row.textContent);
  expect(rows[0]).toContain('Ada Lovelace');
  expect(rows[0]).toContain(text.mismatch('£49.00'));
  expect(rows[0]).toContain('Confirmation: sent');
  expect(rows[1]).toContain(text.refundedStatus);
  const payment = container.querySelector<HTMLAnchorElement>(
    `a[aria-label="${text.openPaymentLabel('Ada Lovelace')}"]`,
  );
  expect(payment?.href).toBe('https://dashboard.stripe.com/test/payments/pi_a');
  // A refunded attendee has no place to confirm.
  expect(container.querySelector(`[aria-label="${text.resendLabel('Grace Hopper')}"]`)).toBeNull();
  expect(container.querySelector<HTMLAnchorElement>('a[download]')?.getAttribute('href')).toBe(
    '/owner/api/workshop/attendees.csv?session=december-2026',
  );

  overview = { seatsEnforced: true, buyersApart: true, sessions: [] };
  await open();
  expect(container.textContent).not.toContain(text.notEnforced);
  expect(container.textContent).toContain(text.empty);
});

it('keeps the links in plain address fields no password manager fills, and saves them together', async () => {
  await open();
  const joining = container.querySelector<HTMLInputElement>('input[name=joining]');
  const replay = container.querySelector<HTMLInputElement>('input[name=replay]');
  for (const field of [joining, replay]) {
    expect(field?.type).toBe('url');
    expect(field?.autocomplete).toBe('off');
    expect(field?.hasAttribute('data-1p-ignore')).toBe(true);
    expect(container.querySelector(`label[for="${field?.id}"]`)?.textContent).toBeTruthy();
  }
  if (!joining) throw new Error('no joining link field');
  await type(joining, 'https://zoom.us/j/1');
  await act(async () => joining.form?.requestSubmit());
  expect(sent).toStrictEqual([
    {
      method: 'PUT',
      path: '/owner/api/workshop/links',
      body: { session: 'december-2026', joining: 'https://zoom.us/j/1', replay: '' },
    },
  ]);
  expect(status()).toBe(text.linksSaved);
});

it('says which link the server refused, in the room’s words', async () => {
  stubApi({
    path: '/owner/api/workshop/links',
    status: 400,
    error: 'Check the request.',
    fields: { joining: 'must be an address starting https://.' },
  });
  await open();
  const joining = container.querySelector<HTMLInputElement>('input[name=joining]');
  if (!joining) throw new Error('no joining link field');
  await type(joining, 'http://zoom.us/j/1');
  await act(async () => joining.form?.requestSubmit());
  expect(container.querySelector('form [role=alert]')?.textContent).toBe(
    'The joining link must be an address starting https://.',
  );
});

it('resends a confirmation to one attendee and says so', async () => {
  await open();
  const resend = container.querySelector<HTMLButtonElement>(
    `[aria-label="${text.resendLabel('Ada Lovelace')}"]`,
  );
  await act(async () => resend?.click());
  expect(sent).toStrictEqual([
    { method: 'POST', path: '/owner/api/workshop/resend', body: { attendee: 'cs_test_a' } },
  ]);
  expect(status()).toBe(text.resent('Ada Lovelace'));
});

it('cancels a session only once the owner confirms, then puts the focus on what happened', async () => {
  await open();
  const cancel = button(text.cancel);
  await act(async () => cancel?.click());
  expect(container.querySelector('legend')?.textContent).toBe(
    text.confirmCancel('10 Dec 2026, 18:00', 2),
  );
  expect(document.activeElement).toBe(button(text.yesCancel));
  await act(async () => button(text.keep)?.click());
  expect(sent).toStrictEqual([]);
  expect(document.activeElement).toBe(cancel);

  await act(async () => button(text.cancel)?.click());
  overview = {
    seatsEnforced: false,
    buyersApart: true,
    sessions: [session({ cancelledAt: '2026-11-27T12:00:00.000Z' })],
  };
  await act(async () => button(text.yesCancel)?.click());
  expect(sent).toStrictEqual([
    { method: 'POST', path: '/owner/api/workshop/cancel', body: { session: 'december-2026' } },
  ]);
  expect(status()).toBe(text.cancelledDone(2));
  expect(document.activeElement).toBe(container.querySelector('article [role=status]'));
  expect(button(text.cancel)).toBeUndefined();
});

it('offers the replay only once the session has started and its replay link is saved', async () => {
  await open();
  expect(button(text.replayButton)).toBeUndefined();
  overview = {
    seatsEnforced: true,
    buyersApart: true,
    sessions: [session({ started: true, replayLink: 'https://vimeo.com/1' })],
  };
  await open();
  await act(async () => button(text.replayButton)?.click());
  await act(async () => button(text.yesReplay)?.click());
  expect(sent).toStrictEqual([
    { method: 'POST', path: '/owner/api/workshop/replay', body: { session: 'december-2026' } },
  ]);
  overview = {
    seatsEnforced: true,
    buyersApart: true,
    sessions: [session({ replayQueuedAt: '2026-12-11T09:00:00.000Z', replayLink: 'https://x.io' })],
  };
  await open();
  expect(button(text.replayButton)).toBeUndefined();
  expect(container.textContent).toContain(text.replayQueued('11 Dec 2026, 09:00'));
});

it('warns when the checkout cannot tell buyers apart, and when a session’s holds far exceed its sales', async () => {
  overview = {
    seatsEnforced: true,
    buyersApart: false,
    sessions: [session({ checkoutsLastDay: { opened: 42, paid: 1 } })],
  };
  await open();
  expect(container.textContent).toContain(workshopWarningWords.capsOff);
  expect(container.textContent).toContain(
    workshopWarningWords.holdsWarning('december-2026', { opened: 42, paid: 1 }),
  );
  // A day of ordinary selling says nothing.
  overview = { seatsEnforced: true, buyersApart: true, sessions: [session()] };
  await open();
  expect(container.textContent).not.toContain(workshopWarningWords.capsOff);
  expect(container.textContent).not.toContain('checkouts opened in the last day');
});

// What a payment buys (docs/decisions/034-selling-that-cannot-be-gamed.md).
it('shows a payment held for review with its reasons and a Confirm that asks the server, and a disputed one with nothing to send', async () => {
  const [ada, grace] = attendees.attendees;
  if (!ada || !grace) throw new Error('two attendees');
  const held = {
    ...ada,
    id: 'cs_test_held',
    name: 'Mallory',
    status: 'review' as const,
    reviewReasons: ['other-link' as const, 'price' as const],
    paidThrough: 'plink_ebook',
    amount: 500,
  };
  const disputed = { ...ada, id: 'cs_test_disputed', name: 'Dana', dispute: 'open' as const };
  const listed = { ...attendees, attendees: [held, disputed, grace] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const { pathname } = new URL(url, 'http://localhost');
      if ((init.method ?? 'GET') !== 'GET') {
        sent.push({
          method: init.method ?? '',
          path: pathname,
          body: JSON.parse(String(init.body)),
        });
        return Response.json({ queued: 5 });
      }
      if (pathname === '/owner/api/workshop') return Response.json(overview);
      if (pathname === '/owner/api/workshop/attendees') return Response.json(listed);
      return Response.json({ session: 'december-2026', open: 0, clients: [] });
    }),
  );
  overview = {
    seatsEnforced: true,
    buyersApart: true,
    sessions: [session({ review: 1, disputed: 1 })],
  };
  await open();
  const figures = [...container.querySelectorAll('dl div')].map((figure) => figure.textContent);
  expect(figures).toEqual(expect.arrayContaining([`${text.review}1`, `${text.disputed}1`]));
  const rows = [...container.querySelectorAll('tbody tr')].map((row) => row.textContent ?? '');
  expect(rows[0]).toContain(text.reviewStatus);
  expect(rows[0]).toContain(text.reviewReasons['other-link']);
  expect(rows[0]).toContain(text.paidThrough('plink_ebook'));
  expect(rows[1]).toContain(text.dispute.open);
  // Held: confirm, but no confirmation to resend; disputed: neither.
  expect(container.querySelector(`[aria-label="${text.resendLabel('Mallory')}"]`)).toBeNull();
  expect(container.querySelector(`[aria-label="${text.resendLabel('Dana')}"]`)).toBeNull();
  expect(container.querySelector(`[aria-label="${text.confirmLabel('Dana')}"]`)).toBeNull();
  const confirm = container.querySelector<HTMLButtonElement>(
    `[aria-label="${text.confirmLabel('Mallory')}"]`,
  );
  await act(async () => confirm?.click());
  expect(sent).toEqual([
    { method: 'POST', path: '/owner/api/workshop/confirm', body: { attendee: 'cs_test_held' } },
  ]);
  expect(status()).toBe(text.confirmed('Mallory'));
});

it('offers to rotate the joining link only while attendees who are out still have it, leading to its field', async () => {
  overview = {
    seatsEnforced: true,
    buyersApart: true,
    sessions: [session({ joiningLink: 'https://zoom.us/j/1', refundedWithLink: 0 })],
  };
  await open();
  expect(button(text.rotate)).toBeUndefined();
  overview = {
    seatsEnforced: true,
    buyersApart: true,
    sessions: [session({ joiningLink: 'https://zoom.us/j/1', refundedWithLink: 2 })],
  };
  await open();
  expect(container.textContent).toContain(text.stillHaveLink(2));
  await act(async () => button(text.rotate)?.click());
  const joining = container.querySelector<HTMLInputElement>('input[name=joining]');
  expect(document.activeElement).toBe(joining);
});
