import { describe, expect, it } from 'vitest';
import { honeypot } from '../../contracts/honeypot';
import { honeypotField } from './honeypot-field';
import { validateLead } from './submit-lead';

describe('validateLead', () => {
  it('accepts a complete contact form and trims it', () => {
    expect(
      validateLead('/api/contact-submissions', [
        ['form', 'contact-form'],
        ['name', ' Sam '],
        ['email', 'sam@example.com'],
        ['message', 'Hello'],
        ['company_website', ''],
      ]),
    ).toEqual({
      ok: true,
      body: { name: 'Sam', email: 'sam@example.com', message: 'Hello', company_website: '' },
    });
  });

  it("names each missing field with the contract's message", () => {
    expect(
      validateLead('/api/contact-submissions', [
        ['name', ''],
        ['email', 'x'],
        ['message', ''],
      ]),
    ).toEqual({
      ok: false,
      fields: {
        name: 'Please enter your name.',
        email: 'Please enter a valid email address.',
        message: 'Please enter a message.',
      },
    });
  });

  it('checks sign-ups against the subscription contract', () => {
    const result = validateLead('/api/subscriptions', [
      ['list', 'waitlist'],
      ['email', 'reader@example.com'],
      ['utm_source', 'ig'],
    ]);
    expect(result).toEqual({
      ok: true,
      body: { list: 'waitlist', email: 'reader@example.com', utm: { utm_source: 'ig' } },
    });
  });
});

describe('honeypotField', () => {
  it("is the contract's honeypot field", () => {
    expect(honeypotField).toBe(honeypot.field);
  });
});
