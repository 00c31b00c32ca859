// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { sendLead, validateLead } from '../../lib/submit-lead';
import { ContactForm } from './contact-form';
import { SignUpForm } from './sign-up-form';

// The post itself (its proof of work, the network) is the API client's; here it is told how the
// server answered.
vi.mock('../../lib/submit-lead', async (actual) => ({
  ...(await actual<typeof import('../../lib/submit-lead')>()),
  sendLead: vi.fn(),
  startProofOfWork: vi.fn(),
}));

// act() settles the renders and effects; React asks to be told it runs under it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const copy = { submit: 'Send', submitting: 'Sending…', success: 'Sent', error: 'Failed' };

/** The form as hydrated on a page opened at `address`. */
async function hydrated(form: React.ReactNode, address: string) {
  window.history.replaceState(null, '', address);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(form));
  return { form: container.querySelector('form') as HTMLFormElement, root };
}

const hiddenFields = (form: HTMLFormElement) =>
  Object.fromEntries(
    [...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((input) => [
      input.name,
      input.value,
    ]),
  );

afterEach(() => {
  document.body.replaceChildren();
});

it('an enquiry carries the path of the page it is sent from, which its contract takes', async () => {
  const { form, root } = await hydrated(
    <ContactForm
      id="contact-form"
      labels={{ name: 'Name', email: 'Email', message: 'Message' }}
      copy={copy}
    />,
    '/whatsstoppingyou?utm_source=ig&ref=AdaCodeAdaCo',
  );
  // The page only: the contact form keeps no source, and its contract refuses one.
  expect(hiddenFields(form)).toEqual({ form: 'contact-form', page: '/whatsstoppingyou' });
  const enquiry = { name: 'Ada', email: 'ada@example.com', message: 'A talk in March?' };
  for (const [name, value] of Object.entries(enquiry)) {
    (form.elements.namedItem(name) as HTMLInputElement).value = value;
  }
  expect(validateLead('/api/contact-submissions', new FormData(form))).toMatchObject({
    ok: true,
    body: { page: '/whatsstoppingyou' },
  });
  act(() => root.unmount());
});

it('a sign-up carries its page with its traffic source and UTM fields', async () => {
  const { form, root } = await hydrated(
    <SignUpForm
      id="newsletter-form"
      list="newsletter"
      emailLabel="Email"
      copy={copy}
      successDisplay="none"
    />,
    '/whatsstoppingyou?utm_source=ig',
  );
  expect(hiddenFields(form)).toMatchObject({
    list: 'newsletter',
    page: '/whatsstoppingyou',
    source: 'Instagram',
    utm_source: 'ig',
  });
  act(() => root.unmount());
});

/** A sign-up sent with a valid address, the server answering `outcome`. */
async function sent(
  outcome: Awaited<ReturnType<typeof sendLead>>,
  props: Partial<React.ComponentProps<typeof SignUpForm>> = {},
) {
  vi.mocked(sendLead).mockResolvedValueOnce(outcome);
  const { form, root } = await hydrated(
    <SignUpForm
      id="newsletter-form"
      list="newsletter"
      emailLabel="Email"
      copy={copy}
      successDisplay="replace"
      {...props}
    />,
    '/',
  );
  (form.elements.namedItem('email') as HTMLInputElement).value = 'ada@example.com';
  await act(async () => form.requestSubmit());
  return { container: document.body, root };
}

it('a sign-up the server took gives way to its thanks, focused, with the link that carries the share code', async () => {
  const { container, root } = await sent(
    { kind: 'sent', data: { id: 'lead-1', referralCode: 'AdaCodeAdaCo' } },
    { bonusLink: { label: 'Your bonus', href: '/thank-you?code={code}' } },
  );
  expect(container.querySelector('form')).toBeNull();
  const thanks = container.querySelector('[role="status"]');
  expect(thanks?.textContent).toBe('Sent');
  expect(document.activeElement).toBe(thanks);
  expect(container.querySelector('a')?.getAttribute('href')).toBe('/thank-you?code=AdaCodeAdaCo');
  expect(container.querySelector('a')?.textContent).toBe('Your bonus');
  act(() => root.unmount());
});

it('an inline sign-up keeps its form and says so under it; a refused one says the form’s own error', async () => {
  const inline = await sent({ kind: 'sent', data: { id: 'lead-2' } }, { successDisplay: 'inline' });
  expect(inline.container.querySelector('form')).not.toBeNull();
  expect(inline.container.querySelector('[aria-live] [role="status"]')?.textContent).toBe('Sent');
  expect(inline.container.querySelector('[role="alert"]')).toBeNull();
  act(() => inline.root.unmount());
  document.body.replaceChildren();

  vi.spyOn(console, 'warn').mockImplementationOnce(() => {});
  const refused = await sent({ kind: 'failed', error: 'Kit is down' });
  expect(refused.container.querySelector('[role="alert"]')?.textContent).toBe('Failed');
  expect(refused.container.querySelector('[role="status"]')).toBeNull();
  act(() => refused.root.unmount());
});

it('without JavaScript, the server’s answer shows at the anchor it redirects to', () => {
  const html = renderToString(
    <SignUpForm
      id="newsletter-form"
      list="newsletter"
      emailLabel="Email"
      copy={copy}
      successDisplay="replace"
    />,
  );
  expect(html).toMatch(
    /<p id="newsletter-form-success" class="[^"]*hidden target:block">Sent<\/p>/,
  );
  expect(html).toMatch(
    /<p id="newsletter-form-error" class="[^"]*hidden target:block">Failed<\/p>/,
  );
  expect(html).not.toContain('role="status"');
});
