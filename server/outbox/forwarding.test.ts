import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import type { AttendeeMail } from '../providers/attendee-mail';
import { workshopPartsOff } from '../providers/from-env';
import { createKit } from '../providers/kit';
import { outboxForwarding } from './forwarding';

const env = parseEnv({ SITE_URL: 'https://jamie.example' });
const mail: AttendeeMail = {
  from: { name: null, address: 'hello@jamie.example' },
  send: async () => {},
};
const kit = (oauthToken?: string) =>
  createKit({
    apiKey: 'key',
    baseUrl: 'https://api.kit.com',
    ...(oauthToken ? { oauthToken } : {}),
  });

describe("a workshop attendee's jobs", () => {
  it('follow what is set up: mail, Kit, and Kit with its OAuth token', () => {
    const jobs = (providers: Parameters<typeof outboxForwarding>[1]) =>
      outboxForwarding(env, providers, []).jobsForAttendee();
    expect(jobs({ kit: null, ownerMail: null })).toEqual([]);
    expect(jobs({ kit: null, ownerMail: null, attendeeMail: mail })).toEqual([
      'workshop-confirmation',
      'workshop-reminder-day',
      'workshop-reminder-hour',
    ]);
    // The API key alone cannot record a purchase: the tag goes, the purchase is not queued.
    expect(jobs({ kit: kit(), ownerMail: null })).toEqual(['kit-workshop-tag']);
    expect(jobs({ kit: kit('oauth'), ownerMail: null })).toEqual([
      'kit-workshop-tag',
      'kit-purchase',
    ]);
    // And boot says so.
    const off = (settings: Record<string, string>) => workshopPartsOff(parseEnv(settings));
    expect(off({ KIT_API_KEY: 'key' }).some((part) => part.includes('KIT_OAUTH_TOKEN'))).toBe(true);
    expect(
      off({ KIT_API_KEY: 'key', KIT_OAUTH_TOKEN: 'oauth' }).some((part) =>
        part.includes('KIT_OAUTH_TOKEN'),
      ),
    ).toBe(false);
  });
});
