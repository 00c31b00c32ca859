import { expect, type Locator, type Page, test } from '@playwright/test';
import { openStore } from '../server/db/store';
import { e2eDataDir } from './hosts';

/**
 * The home page's three lead forms against the real server: validation in the browser, the busy
 * state, success answers from the real API, and a failing API (an outage answered for it by
 * `failApi`) showing the error while keeping the input.
 */

/** Makes our API answer 503, as it does when the store is down, for requests to `path`. */
async function failApi(page: Page, path: string) {
  await page.route(`**${path}`, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Service unavailable' }),
    }),
  );
}

/** Records every label the button shows, with its disabled state, from here on. */
async function recordButtonStates(button: Locator) {
  await button.evaluate((element) => {
    const states: string[] = [];
    (window as unknown as { buttonStates: string[] }).buttonStates = states;
    const record = () =>
      states.push(
        `${element.textContent}${(element as HTMLButtonElement).disabled ? ' (disabled)' : ''}`,
      );
    new MutationObserver(record).observe(element, {
      attributes: true,
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  return (page: Page) =>
    page.evaluate(() => (window as unknown as { buttonStates: string[] }).buttonStates);
}

/** Fills the contact form as Sam Reader would. */
async function fillEnquiry(contact: Locator, message: string) {
  await contact.getByLabel('Name').fill('Sam Reader');
  await contact.getByLabel('Email').fill('sam@example.com');
  await contact.getByLabel('Message').fill(message);
}

/** Posts the page sends to our API. */
function apiRequests(page: Page) {
  const sent: Array<{ url: string; body: unknown }> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/')) {
      sent.push({ url: new URL(request.url()).pathname, body: request.postDataJSON() });
    }
  });
  return sent;
}

test.describe('book waitlist form', () => {
  test('checks the email in the browser before posting', async ({ page }) => {
    const sent = apiRequests(page);
    await page.goto('/');
    const book = page.locator('#book');
    const email = book.getByLabel('Email address');
    await email.fill('not-an-email');
    await book.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    await expect(email).toBeFocused();
    expect(sent).toEqual([]);
  });

  test('shows the busy state, then an error that keeps the email for a retry', async ({ page }) => {
    const sent = apiRequests(page);
    await failApi(page, '/api/subscriptions');
    await page.goto('/');
    const book = page.locator('#book');
    const button = book.getByRole('button', { name: 'Join the waitlist' });
    const states = await recordButtonStates(button);
    await book.getByLabel('Email address').fill('reader@example.com');
    await button.click();

    await expect(book.getByRole('alert')).toHaveText(/could not sign you up/);
    await expect(book.getByLabel('Email address')).toHaveValue('reader@example.com');
    await expect(button).toBeEnabled();
    expect(await states(page)).toContain('Submitting... (disabled)');
    expect(sent).toEqual([
      {
        url: '/api/subscriptions',
        body: expect.objectContaining({ list: 'waitlist', email: 'reader@example.com', page: '/' }),
      },
    ]);
    expect(await page.evaluate(() => localStorage.getItem('ws_joined'))).toBeNull();
  });

  test('joins the waitlist', async ({ page }) => {
    await page.goto('/');
    const book = page.locator('#book');
    await book.getByLabel('Email address').fill(`reader+${Date.now()}@example.com`);
    await book.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(book.getByRole('status')).toHaveText("You're in — check your email to confirm.");
    await expect(book.getByRole('button', { name: 'Join the waitlist' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('ws_joined'))).toBe('true');
  });
});

test.describe('newsletter form', () => {
  test('requires an email', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('#newsletter');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    const email = section.getByLabel('Email address');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Please enter your email address.');
  });

  test('a failure shows an error and keeps the email', async ({ page }) => {
    const sent = apiRequests(page);
    await failApi(page, '/api/subscriptions');
    await page.goto('/');
    const section = page.locator('#newsletter');
    await section.getByLabel('Email address').fill('reader@example.com');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expect(section.getByRole('alert')).toHaveText(/could not subscribe you/);
    await expect(section.getByLabel('Email address')).toHaveValue('reader@example.com');
    expect(sent[0]?.body).toMatchObject({ list: 'newsletter', email: 'reader@example.com' });
  });

  test('subscribes with a toast and clears the field', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    const section = page.locator('#newsletter');
    await section.getByLabel('Email address').fill(`reader+${Date.now()}@example.com`);
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Subscribed!', { exact: true })).toBeVisible();
    await expect(page.getByText('You have joined Cheatcodes.', { exact: true })).toBeVisible();
    await expect(section.getByLabel('Email address')).toHaveValue('');
    expect(errors).toEqual([]); // The toast's styles load as a file, within the CSP.
  });
});

test.describe('contact form', () => {
  test('name, email and message are required', async ({ page }) => {
    const sent = apiRequests(page);
    await page.goto('/');
    const contact = page.locator('#contact');
    await contact.getByRole('button', { name: 'Send message' }).click();
    await expect(contact.getByLabel('Name')).toHaveAccessibleDescription('Please enter your name.');
    await expect(contact.getByLabel('Email')).toHaveAccessibleDescription(
      'Please enter your email address.',
    );
    await expect(contact.getByLabel('Message')).toHaveAccessibleDescription(
      'Please enter a message.',
    );
    await expect(contact.getByLabel('Name')).toBeFocused();
    expect(sent).toEqual([]);
  });

  test('sending, then the error message with the fields kept', async ({ page }) => {
    const sent = apiRequests(page);
    await failApi(page, '/api/contact-submissions');
    await page.goto('/');
    const contact = page.locator('#contact');
    const button = contact.getByRole('button', { name: 'Send message' });
    const states = await recordButtonStates(button);
    await fillEnquiry(contact, 'Could Jamie speak at our conference in May?');
    await button.click();

    await expect(contact.getByRole('alert')).toHaveText(
      'Sorry, there was an error submitting your message. Please try again.',
    );
    await expect(contact.getByLabel('Name')).toHaveValue('Sam Reader');
    await expect(contact.getByLabel('Email')).toHaveValue('sam@example.com');
    await expect(contact.getByLabel('Message')).toHaveValue(
      'Could Jamie speak at our conference in May?',
    );
    expect(await states(page)).toContain('Sending... (disabled)');
    expect(sent).toEqual([
      {
        url: '/api/contact-submissions',
        body: {
          name: 'Sam Reader',
          email: 'sam@example.com',
          message: 'Could Jamie speak at our conference in May?',
          company_website: '',
          altcha: expect.any(String),
        },
      },
    ]);
  });

  test('sends the message and clears the form', async ({ page }) => {
    await page.goto('/');
    const contact = page.locator('#contact');
    await fillEnquiry(contact, 'Could Jamie speak at our conference in May?');
    await contact.getByRole('button', { name: 'Send message' }).click();
    await expect(contact.getByRole('status')).toHaveText(
      "Thank you for your message! We'll get back to you soon.",
    );
    for (const label of ['Name', 'Email', 'Message']) {
      await expect(contact.getByLabel(label)).toHaveValue('');
    }
  });
});

test('a sent message carries a proof of work that the server verifies', async ({ page }) => {
  const sent = apiRequests(page);
  await page.goto('/');
  const contact = page.locator('#contact');
  const email = `proof-${Date.now()}@example.com`;
  await contact.getByLabel('Name').fill('Sam Reader');
  await contact.getByLabel('Email').fill(email);
  await contact.getByLabel('Message').fill('Worked out in the background while I typed.');
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(contact.getByRole('status')).toHaveText(
    "Thank you for your message! We'll get back to you soon.",
  );
  const body = sent[0]?.body as { altcha?: string };
  const proof = JSON.parse(Buffer.from(body.altcha ?? '', 'base64').toString());
  expect(proof).toMatchObject({
    challenge: { parameters: { algorithm: 'SHA-256' }, signature: expect.any(String) },
    solution: { counter: expect.any(Number), derivedKey: expect.any(String) },
  });
  const store = await openStore({ DATA_DIR: e2eDataDir, DATABASE_URL: undefined });
  try {
    const lead = await store.db
      .selectFrom('contact_submissions')
      .select('verified')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(lead).toEqual({ verified: 1 });
  } finally {
    await store.close();
  }
});

test('when the form code fails to load, the message still reaches us by a native post', async ({
  page,
}) => {
  await page.route('**/assets/submit-lead-*.js', (route) => route.abort());
  await page.goto('/');
  const contact = page.locator('#contact');
  await fillEnquiry(contact, 'Is Jamie free to speak on 3 June?');
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(page).toHaveURL(/\/#contact-form-success$/);
  await expect(page.locator('#contact-form-success')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each form is a real form that posts to our API', async ({ page }) => {
    await page.goto('/');
    for (const [id, action] of [
      ['waitlist-form', '/api/subscriptions'],
      ['newsletter-form', '/api/subscriptions'],
      ['contact-form', '/api/contact-submissions'],
    ] as const) {
      const form = page.locator(`form#${id}`);
      await expect(form).toHaveAttribute('method', 'post');
      await expect(form).toHaveAttribute('action', action);
      await expect(form.locator('input[name="form"]')).toHaveValue(id);
      await expect(form.locator('input[name="company_website"]')).toHaveAttribute('tabindex', '-1');
    }
    await expect(page.locator('form#waitlist-form input[name="list"]')).toHaveValue('waitlist');
  });

  test('the answer anchors show their message', async ({ page }) => {
    await page.goto('/#contact-form-error');
    await expect(page.locator('#contact-form-error')).toBeVisible();
    await expect(page.locator('#contact-form-success')).toBeHidden();
    await page.goto('/#waitlist-form-success');
    await expect(page.locator('#waitlist-form-success')).toHaveText(
      "You're in — check your email to confirm.",
    );
  });

  test('a sign-up posts natively and lands on its success anchor', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('form#newsletter-form');
    await form.getByLabel('Email address').fill(`reader+${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/#newsletter-form-success$/);
    await expect(page.locator('#newsletter-form-success')).toBeVisible();
  });
});
