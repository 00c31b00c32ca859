import pino from 'pino';
import { expect, it } from 'vitest';
import { createTestApp, postForm, postJson } from '../../testing/app';
import { describeEachStore } from '../../testing/stores';

describeEachStore('request and lead logs', ({ store }) => {
  it('never carry names, emails, messages or addresses', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
    const app = createTestApp(store(), { LEAD_RATE_LIMIT: '2' }, undefined, logger);
    const secret = {
      name: 'Zebedee Quux',
      email: 'zebedee.quux@example.com',
      message: 'My private message',
    };
    await postJson(app, '/api/contact-submissions', secret);
    await postJson(app, '/api/contact-submissions', { ...secret, email: 'bad' });
    await postForm(app, '/api/subscriptions?email=zebedee.quux@example.com', {
      form: 'newsletter',
      list: 'newsletter',
      email: secret.email,
      firstName: 'Zebedee',
    });
    await postJson(app, '/api/subscriptions', { list: 'waitlist', email: secret.email });
    const log = lines.join('');
    expect(log).toContain('lead stored');
    expect(log).toContain('lead rate-limited');
    for (const personal of ['Zebedee', 'zebedee', 'Quux', 'private message', '203.0.113.7']) {
      expect(log).not.toContain(personal);
    }
  });
});
