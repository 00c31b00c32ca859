import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from './testing/server-process';

/** `npm start` with no Stripe or SMTP settings serves the site as before, and says what is off. */
describe('the server without Stripe or SMTP settings', () => {
  it('starts, serves, and prints which of the workshop parts are off', async () => {
    const server = await startServerProcess({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'parts-off-')),
      STRIPE_SECRET_KEY: '',
      STRIPE_API_URL: '',
      STRIPE_WEBHOOK_SECRET: '',
      SMTP_URL: '',
    });
    try {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      const line = server
        .output()
        .split('\n')
        .find((text) => text.includes('"msg":"workshop parts off"'));
      expect(JSON.parse(line ?? '{}').off).toEqual(
        expect.arrayContaining([
          'workshop checkout: Payment Links, seats not enforced (STRIPE_SECRET_KEY unset)',
          'attendee emails off (SMTP_URL unset)',
        ]),
      );
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
