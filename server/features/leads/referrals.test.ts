import { expect, it } from 'vitest';
import { secondBonusFileName } from '../../../contracts/downloads';
import { referralProgressSchema } from '../../../contracts/referral-progress';
import { subscriptionAnswerSchema } from '../../../contracts/subscription';
import type { StaticFile } from '../../http/static-files';
import { createTestApp, postJson } from '../../testing/app';
import {
  deliverToKitWebhook,
  kitEnvelope,
  kitEvent,
  testKitWebhookSecret,
} from '../../testing/kit-webhook';
import { testSite } from '../../testing/site';
import { describeEachStore } from '../../testing/stores';
import { forgetPerson } from './owner-data';

const bonusPdf: StaticFile = {
  body: Buffer.from('%PDF-1.3 the workbook'),
  etag: '"bonus"',
  contentType: 'application/pdf',
  immutable: false,
};

const confirmedAt = () => new Date(Date.now() - 60_000).toISOString();

describeEachStore('share links (the thank-you page promise)', ({ store }) => {
  const app = () =>
    createTestApp(
      store(),
      { KIT_WEBHOOK_SECRET: testKitWebhookSecret },
      undefined,
      undefined,
      testSite({
        privateFiles: new Map([[`/${secondBonusFileName}`, bonusPdf]]),
      }),
    );

  async function signUp(email: string, extra: Record<string, string> = {}) {
    const response = await postJson(app(), '/api/subscriptions', {
      list: 'waitlist',
      email,
      ...extra,
    });
    expect(response.ok).toBe(true);
    return subscriptionAnswerSchema.required().parse(await response.json());
  }

  /** The friend clicks Kit's confirmation email: Kit tells us, signed. */
  async function confirm(...emails: string[]) {
    const response = await deliverToKitWebhook(
      app(),
      kitEnvelope(emails.map((email) => kitEvent('subscriber.activated', email, confirmedAt()))),
    );
    expect(response.status).toBe(200);
  }

  async function progress(code: string) {
    const response = await app().request(`/api/referrals/${code}`);
    const body: unknown = await response.json();
    // A 200 answer is the contract's, key for key.
    if (response.ok) expect(body).toEqual(referralProgressSchema.parse(body));
    return { status: response.status, body };
  }

  it('gives every answer a fresh, unguessable code with nothing personal in it', async () => {
    const { referralCode } = await signUp('ada@example.com');
    expect(referralCode).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(referralCode).not.toMatch(/ada/i);
    // A repeat sign-up (or anyone typing Ada's email) gets a new code, never Ada's.
    const again = await signUp('ADA@example.com');
    expect(again.referralCode).not.toBe(referralCode);
    expect((await progress(again.referralCode)).status).toBe(200);
    expect((await signUp('bob@example.com')).referralCode).not.toBe(referralCode);
  });

  it('counts friends once they confirm, and unlocks the second bonus at two', async () => {
    const { referralCode } = await signUp('ada@example.com');
    expect(await progress(referralCode)).toEqual({
      status: 200,
      body: { joined: 0, goal: 2, unlocked: false },
    });
    expect((await app().request(`/api/referrals/${referralCode}/bonus`)).status).toBe(403);

    await signUp('bob@example.com', { ref: referralCode });
    await signUp('cy@example.com', { ref: referralCode });
    // Signed up, not yet confirmed: not friends yet.
    expect((await progress(referralCode)).body).toMatchObject({ joined: 0, unlocked: false });
    await confirm('bob@example.com');
    expect((await progress(referralCode)).body).toMatchObject({ joined: 1, unlocked: false });
    await confirm('cy@example.com');
    expect((await progress(referralCode)).body).toEqual({ joined: 2, goal: 2, unlocked: true });

    const bonus = await app().request(`/api/referrals/${referralCode}/bonus`);
    expect(bonus.status).toBe(200);
    expect(bonus.headers.get('content-type')).toBe('application/pdf');
    expect(bonus.headers.get('content-disposition')).toContain(secondBonusFileName);
    expect(await bonus.text()).toContain('%PDF-');
  });

  it('does not count a repeat sign-up, the same friend on another list, or the owner', async () => {
    const { referralCode } = await signUp('ada@example.com');
    await signUp('bob@example.com', { ref: referralCode });
    await signUp('bob@example.com', { ref: referralCode }); // duplicate: stores nothing
    await postJson(app(), '/api/subscriptions', {
      list: 'newsletter',
      email: 'bob@example.com',
      ref: referralCode,
    }); // same friend, another list
    await postJson(app(), '/api/subscriptions', {
      list: 'newsletter',
      email: 'ada@example.com',
      ref: referralCode,
    }); // the owner with their own link
    await signUp('Ada+again@Example.com', { ref: referralCode }); // the owner, spelt otherwise
    await confirm('bob@example.com', 'ada@example.com', 'ada+again@example.com');
    expect((await progress(referralCode)).body).toMatchObject({ joined: 1, unlocked: false });
  });

  it('counts one mailbox once, however it is spelt (the issue’s abuser)', async () => {
    const { referralCode } = await signUp('abuser@gmail.com');
    const spellings = [
      'friend+1@gmail.com',
      'friend+2@gmail.com',
      'Friend+3@gmail.com',
      'f.riend@gmail.com',
      'fr.iend@googlemail.com',
    ];
    for (const email of spellings) await signUp(email, { ref: referralCode });
    // Even if every one of them is confirmed (they all reach one inbox).
    await confirm(...spellings.map((email) => email.toLowerCase()));
    expect((await progress(referralCode)).body).toEqual({ joined: 1, goal: 2, unlocked: false });
    expect((await app().request(`/api/referrals/${referralCode}/bonus`)).status).toBe(403);
    // The owner's own Gmail, dotted, through their own link: not a friend either.
    const own = await signUp('j.o@gmail.com');
    await signUp('jo+x@googlemail.com', { ref: own.referralCode });
    await confirm('jo+x@googlemail.com');
    expect((await progress(own.referralCode)).body).toMatchObject({ joined: 0 });
  });

  it('hands out nothing of someone else’s for their email, and counts per code', async () => {
    const ada = await signUp('ada@example.com');
    await signUp('bob@example.com', { ref: ada.referralCode });
    await signUp('cy@example.com', { ref: ada.referralCode });
    await confirm('bob@example.com', 'cy@example.com');
    // Eve types Ada's address: a new code, with none of Ada's friends behind it.
    const eve = await signUp('ada@example.com');
    expect(eve.referralCode).not.toBe(ada.referralCode);
    expect((await progress(eve.referralCode)).body).toMatchObject({ joined: 0, unlocked: false });
    expect((await app().request(`/api/referrals/${eve.referralCode}/bonus`)).status).toBe(403);
    // Ada's own link is untouched.
    expect((await progress(ada.referralCode)).body).toMatchObject({ joined: 2, unlocked: true });
  });

  it('counts a friend Kit already knew as confirmed through another list', async () => {
    const { referralCode } = await signUp('ada@example.com');
    await postJson(app(), '/api/subscriptions', { list: 'newsletter', email: 'bob@example.com' });
    await confirm('bob@example.com');
    // Bob is active in Kit already: joining the waitlist brings no new activation from Kit.
    await signUp('bob@example.com', { ref: referralCode });
    expect((await progress(referralCode)).body).toMatchObject({ joined: 1 });
  });

  it('knows no code it did not give, and refuses a malformed one', async () => {
    expect((await progress('AAAAAAAAAAAA')).status).toBe(404);
    expect((await progress('not a code')).status).toBe(404);
    const response = await postJson(app(), '/api/subscriptions', {
      list: 'waitlist',
      email: 'eve@example.com',
      ref: '<script>',
    });
    expect(response.status).toBe(400);
  });

  it('forgets a person’s share links with them', async () => {
    const { referralCode } = await signUp('ada@example.com');
    await forgetPerson(store(), 'ada@example.com');
    expect((await progress(referralCode)).status).toBe(404);
  });
});
