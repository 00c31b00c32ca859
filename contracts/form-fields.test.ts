import { describe, expect, it } from 'vitest';
import { formFieldsToBody, utmFromSearch } from './form-fields';
import { subscriptionSchema } from './subscription';

describe('formFieldsToBody', () => {
  it('nests utm fields, drops empty utm values and the form id', () => {
    const payload = formFieldsToBody([
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
      formFieldsToBody([
        ['list', 'newsletter'],
        ['email', ''],
      ]),
    );
    expect(result.error?.issues[0]?.message).toBe('Please enter your email address.');
  });

  it('reads a native form post the same way: first value of a repeated field wins', () => {
    const posted = new URLSearchParams(
      'form=waitlist-form&list=waitlist&email=a%40b.co&list=handbook&utm_campaign=spring&utm_id=7',
    );
    expect(formFieldsToBody(posted)).toEqual({
      list: 'waitlist',
      email: 'a@b.co',
      utm_id: '7',
      utm: { utm_campaign: 'spring' },
    });
  });
});

describe('utmFromSearch', () => {
  it('keeps only non-empty utm parameters', () => {
    expect(utmFromSearch('?utm_source=li&utm_campaign=&ref=x&utm_id=7')).toEqual({
      utm_source: 'li',
    });
  });
});
