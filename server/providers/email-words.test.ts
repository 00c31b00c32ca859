import { describe, expect, it } from 'vitest';
import { emailHtml, fillWords, ukDayAndTime } from './email-words';

describe('the emails whose words are content', () => {
  it('leave out a line whose value is not there, and keep a typo visible', () => {
    expect(
      fillWords('Hi {name},\n\nJoin here: {joiningLink}\n\nSee you', {
        name: 'Ada',
        joiningLink: null,
      }),
    ).toBe('Hi Ada,\n\nSee you');
    expect(fillWords('Hi {nmae}', { name: 'Ada' })).toBe('Hi {nmae}');
  });

  it('escape the words in the HTML and link only the links given', () => {
    const link = 'https://site.example/go/offer/1.sig?a=1&b=2';
    const html = emailHtml(`Hi <b>Ada</b>,\n\nPay here:\n${link}`, [link]);
    expect(html).not.toContain('<b>');
    expect(html).toContain('<p>Hi &#60;b&#62;Ada&#60;/b&#62;,</p>');
    expect(html).toMatch(/<a href="https:\/\/site\.example\/go\/offer\/1\.sig\?a=1&#\d+;b=2">/);
    expect(emailHtml('See https://elsewhere.example', [''])).not.toContain('<a');
  });

  it('say a moment on the UK clock, in winter and in summer, noon and midnight as people do', () => {
    expect(ukDayAndTime('2026-12-14T18:00:00.000Z')).toBe('Monday 14 December, 6:00pm');
    // 11:30 UTC in June is 12:30 in London (BST); 23:05 UTC is five past midnight the day after.
    expect(ukDayAndTime('2027-06-14T11:30:00.000Z')).toBe('Monday 14 June, 12:30pm');
    expect(ukDayAndTime(Date.parse('2027-06-14T23:05:00.000Z'))).toBe('Tuesday 15 June, 12:05am');
  });
});
