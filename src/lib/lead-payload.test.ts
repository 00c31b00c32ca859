import { describe, expect, it } from 'vitest';
import { subscriptionSchema } from '../../contracts/subscription';
import { leadPayload, utmFromSearch } from './lead-payload';

describe('leadPayload', () => {
  it('nests utm fields, drops empty utm values and the form id', () => {
    const payload = leadPayload([
      ['form', 'newsletter-form'],
      ['list', 'newsletter'],
      ['email', 'a@b.co'],
      ['firstName', ''],
      ['utm_source', 'ig'],
      ['utm_medium', ''],
      ['company_website', ''],
    ]);
    expect(payload).toEqual({
      list: 'newsletter',
      email: 'a@b.co',
      firstName: '',
      utm: { utm_source: 'ig' },
      company_website: '',
    });
    expect(subscriptionSchema.safeParse(payload).success).toBe(true);
  });

  it('keeps an empty field, so the contract names what is missing', () => {
    const result = subscriptionSchema.safeParse(
      leadPayload([
        ['list', 'newsletter'],
        ['email', ''],
      ]),
    );
    expect(result.error?.issues[0]?.message).toBe('Please enter your email address.');
  });
});

describe('utmFromSearch', () => {
  it('keeps only non-empty utm parameters', () => {
    expect(utmFromSearch('?utm_source=li&utm_campaign=&ref=x')).toEqual({ utm_source: 'li' });
  });
});
