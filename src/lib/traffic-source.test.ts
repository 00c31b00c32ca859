// @vitest-environment happy-dom
import type { Window as HappyWindow } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { publicConfig } from '../config';
import { pageTrafficSource } from './traffic-source';

describe('the traffic source of the page in the browser', () => {
  const visit = (url: string, referrer: string) => {
    (window as unknown as HappyWindow).happyDOM.setURL(url);
    Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
  };
  afterEach(() => visit('http://localhost/', ''));

  it('reads the address and the referring page', () => {
    visit('http://localhost/bookwaitlistli', '');
    expect(pageTrafficSource()).toBe('LinkedIn');
    visit('http://localhost/', 'https://www.google.com/');
    expect(pageTrafficSource()).toBe('Google');
  });

  it('gives a source the name the server counts it by', () => {
    visit('http://localhost/?utm_source=insta', '');
    expect(pageTrafficSource()).toBe('Instagram');
    visit('http://localhost/?utm_source=%20Spring%20Fair%07', '');
    expect(pageTrafficSource()).toBe('Spring Fair');
  });

  it('knows every one of our sites, and the page’s own host, as ours', () => {
    visit('http://localhost/book', `${publicConfig.origins.waitlist}/ig`);
    expect(pageTrafficSource()).toBe('Direct');
    visit('http://203.0.113.5:3000/', 'http://203.0.113.5:3000/privacy');
    expect(pageTrafficSource()).toBe('Direct');
  });
});
