// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { validateLead } from '../../lib/submit-lead';
import { ContactForm } from './contact-form';
import { SignUpForm } from './sign-up-form';

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
