import { describe, expect, it } from 'vitest';
import { subscriptionSchema } from '../../contracts/subscription';
import { leadPayload, utmFromSearch } from './lead-payload';

describe('leadPayload', () => {
  it('nests utm fields, drops empties and the form id', () => {
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
      utm: { utm_source: 'ig' },
      company_website: '',
    });
    expect(subscriptionSchema.safeParse(payload).success).toBe(true);
  });
});

describe('utmFromSearch', () => {
  it('keeps only non-empty utm parameters', () => {
    expect(utmFromSearch('?utm_source=li&utm_campaign=&ref=x')).toEqual({ utm_source: 'li' });
  });
});
