import { expect, it } from 'vitest';
import { secondBonusFileName } from '../../contracts/downloads';
import { referralProgressSchema } from '../../contracts/referral-progress';
import { subscriptionAnswerSchema } from '../../contracts/subscription';
import type { StaticFile } from '../static-files';
import { createTestApp, postJson } from '../testing/app';
import { describeEachStore } from '../testing/stores';

const bonusPdf: StaticFile = {
  body: Buffer.from('%PDF-1.3 the workbook'),
  etag: '"bonus"',
  contentType: 'application/pdf',
  immutable: false,
};

describeEachStore('share links (the thank-you page promise)', ({ store }) => {
  const app = () =>
    createTestApp(store(), {}, undefined, undefined, {
      pages: new Map(),
      friendsGoal: 2,
      files: new Map(),
      privateFiles: new Map([[`/${secondBonusFileName}`, bonusPdf]]),
    });

  async function signUp(email: string, extra: Record<string, string> = {}) {
    const response = await postJson(app(), '/api/subscriptions', {
      list: 'waitlist',
      email,
      ...extra,
    });
    expect(response.ok).toBe(true);
    return subscriptionAnswerSchema.required().parse(await response.json());
  }

  async function progress(code: string) {
    const response = await app().request(`/api/referrals/${code}`);
    const body: unknown = await response.json();
    // A 200 answer is the contract's, key for key.
    if (response.ok) expect(body).toEqual(referralProgressSchema.parse(body));
    return { status: response.status, body };
  }

  it('gives every sign-up an unguessable code with nothing personal in it', async () => {
    const { referralCode } = await signUp('ada@example.com');
    expect(referralCode).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(referralCode).not.toMatch(/ada/i);
    const again = await signUp('ADA@example.com');
    expect(again.referralCode).toBe(referralCode); // A repeat sign-up keeps its link.
    expect((await signUp('bob@example.com')).referralCode).not.toBe(referralCode);
  });

  it('counts friends who join through the link, and unlocks the second bonus at two', async () => {
    const { referralCode } = await signUp('ada@example.com');
    expect(await progress(referralCode)).toEqual({
      status: 200,
      body: { joined: 0, goal: 2, unlocked: false },
    });
    expect((await app().request(`/api/referrals/${referralCode}/bonus`)).status).toBe(403);

    await signUp('bob@example.com', { ref: referralCode });
    expect((await progress(referralCode)).body).toMatchObject({ joined: 1, unlocked: false });
    await signUp('cy@example.com', { ref: referralCode });
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
    expect((await progress(referralCode)).body).toMatchObject({ joined: 1, unlocked: false });
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
});
