import { describe, expect, it } from 'vitest';
import { fieldErrors } from './api-error';
import { contactSubmissionSchema } from './contact';
import { subscriptionSchema } from './subscription';

const contact = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };
const signUp = { list: 'waitlist', email: 'ada@example.com' };

const contactError = (body: Record<string, unknown>) => {
  const result = contactSubmissionSchema.safeParse(body);
  return result.success ? null : fieldErrors(result.error);
};
const signUpError = (body: Record<string, unknown>) => {
  const result = subscriptionSchema.safeParse(body);
  return result.success ? null : fieldErrors(result.error);
};

describe('text fields refuse what is valid JSON but not valid text', () => {
  it.each([
    ['a NUL byte', 'Ada\u0000'],
    ['CR LF (a header injection)', 'Ada\r\nBcc: x@example.com'],
    ['an escape sequence', 'Ada\u001b[2J'],
    ['a C1 control', 'Ada\u0085'],
    ['a bidi override', 'Ada\u202egnp.exe'],
    ['a bidi isolate', '\u2066Ada'],
    ['a lone surrogate', 'Ada\ud800'],
    ['only zero-width characters', '\u200b\u200d\ufeff'],
  ])('a name with %s', (_, name) => {
    expect(contactError({ ...contact, name })).toHaveProperty('name');
    expect(signUpError({ ...signUp, firstName: name })).toHaveProperty('firstName');
  });

  it('tells a visitor what is wrong, not to enter what they entered', () => {
    expect(contactError({ ...contact, name: 'Ada\u202e' })?.name).toBe(
      'Please use only letters and punctuation in your name.',
    );
    expect(contactError({ ...contact, name: '' })?.name).toBe('Please enter your name.');
  });

  it('keeps what a real name or message holds', () => {
    expect(contactError({ ...contact, name: 'Zoë Ní Bhriain-Ōkubo 😀' })).toBeNull();
    expect(signUpError({ ...signUp, firstName: '' })).toBeNull();
    expect(contactError({ ...contact, message: 'Line one\r\nLine\ttwo\n' })).toBeNull();
    expect(contactError({ ...contact, message: 'Hi\u0000' })).toHaveProperty('message');
  });

  it('takes the page of a sign-up or an enquiry only as a path of this site', () => {
    for (const page of ['/', '/ig', '/bookwaitlistli', '/11cheatcodes', '/caf%C3%A9']) {
      expect(signUpError({ ...signUp, page })).toBeNull();
      expect(contactError({ ...contact, page })).toBeNull();
    }
    for (const page of [
      '/\\evil.example',
      '//evil.example',
      'https://evil.example/',
      '/a b',
      'ig',
      '/a\u0000',
      '/a\u001b[2J',
      '/a\u0085',
      '/\u202eevil',
      '/a\ud800',
    ]) {
      expect(signUpError({ ...signUp, page }), page).toEqual({ page: 'Unknown page.' });
      expect(contactError({ ...contact, page }), page).toEqual({ page: 'Unknown page.' });
    }
  });

  it('refuses unknown keys, naming them', () => {
    expect(contactError({ ...contact, admin: true })).toHaveProperty('admin');
    expect(signUpError({ ...signUp, state: 'active', __proto__x: 1 })).toMatchObject({
      state: expect.any(String),
      __proto__x: expect.any(String),
    });
    expect(signUpError({ ...signUp, utm: { utm_source: 'ig', utm_evil: 'x' } })).toHaveProperty(
      'utm.utm_evil',
    );
  });

  it('refuses control characters in the source and the UTM values too', () => {
    expect(signUpError({ ...signUp, source: 'ig\n' })).toBeNull(); // Trimmed away.
    expect(signUpError({ ...signUp, source: 'i\ng' })).toHaveProperty('source');
    expect(signUpError({ ...signUp, utm: { utm_source: 'i\u0000g' } })).toHaveProperty(
      'utm.utm_source',
    );
  });
});
