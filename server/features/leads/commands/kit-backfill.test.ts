import { expect, it } from 'vitest';
import { countRows, describeEachStore } from '../../../testing/stores';
import { KitNotConfiguredError, type KitSettings, kitBackfillCommand } from './kit-backfill';

describeEachStore("the owner's Kit backfill", ({ store }) => {
  const now = new Date('2026-11-20T12:00:00Z');
  const backfill = (env: KitSettings) =>
    kitBackfillCommand.run({ store: store(), env, now }, kitBackfillCommand.input.parse({}));

  it('refuses to queue, naming the settings still missing, so the room can say what to set', async () => {
    await expect(backfill({})).rejects.toMatchObject({ missing: ['KIT_API_KEY'] });
    const refusal = await backfill({ KIT_API_KEY: 'k', KIT_FORM_ID_NEWSLETTER: '1' }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(KitNotConfiguredError);
    expect(refusal).toMatchObject({
      missing: ['KIT_FORM_ID_WAITLIST', 'KIT_FORM_ID_HANDBOOK', 'KIT_FORM_ID_WORKSHOP'],
    });
    expect(await countRows(store(), 'outbox_jobs')).toBe(0);
  });
});
