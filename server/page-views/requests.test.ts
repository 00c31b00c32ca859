import { describe, expect, it } from 'vitest';
import { isBot, isCountedRequest } from './requests';

const browsers = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 15.1; rv:145.0) Gecko/20100101 Firefox/145.0',
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
  // Instagram's in-app browser is a person reading, not a link preview.
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 355.0.0.30.98',
];

const bots = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
  'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Twitterbot/1.0',
  'WhatsApp/2.23.20.0',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
  'Mozilla/5.0 (compatible; Google-InspectionTool/1.0)',
  'curl/8.11.1',
  'Wget/1.25.0',
  'python-requests/2.32.3',
  'Go-http-client/2.0',
  'node',
  'UptimeRobot/2.0; http://www.uptimerobot.com/',
];

describe('isBot', () => {
  it.each(browsers)('counts a browser: %s', (userAgent) => {
    expect(isBot(userAgent)).toBe(false);
  });
  it.each(bots)('filters a bot: %s', (userAgent) => {
    expect(isBot(userAgent)).toBe(true);
  });
  it('filters a request with no User-Agent', () => {
    expect(isBot(null)).toBe(true);
    expect(isBot('  ')).toBe(true);
  });
});

describe('isCountedRequest', () => {
  const request = (method: string, headers: Record<string, string> = {}) => ({
    method,
    headers: new Headers({ 'user-agent': browsers[1] ?? '', ...headers }),
  });

  it('counts a browser GET', () => {
    expect(isCountedRequest(request('GET'))).toBe(true);
  });
  it('does not count HEAD, a prefetch, a prerender or a bot', () => {
    expect(isCountedRequest(request('HEAD'))).toBe(false);
    expect(isCountedRequest(request('GET', { 'sec-purpose': 'prefetch' }))).toBe(false);
    expect(isCountedRequest(request('GET', { 'sec-purpose': 'prefetch;prerender' }))).toBe(false);
    expect(isCountedRequest(request('GET', { purpose: 'prefetch' }))).toBe(false);
    expect(isCountedRequest(request('GET', { 'user-agent': 'Twitterbot/1.0' }))).toBe(false);
  });
});
