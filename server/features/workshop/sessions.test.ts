import { expect, it } from 'vitest';
import { describeEachStore } from '../../testing/stores';
import { ensureSession, followSessions, lockSession, sessionRow } from './sessions';

/**
 * The session rows (docs/decisions/032-workshop-delivered.md): a start is one moment however the
 * content writes it, so a row made by a hold or a payment is not "moved" by the next publish of
 * the same content, which would email every attendee a new time that is the old one.
 */

const now = '2026-11-27T12:00:00.000Z';
// As content/workshop.yaml writes it: an offset, not the ISO instant the rows keep.
const december = { id: 'december-2026', start: '2026-12-10T18:00:00+00:00' };

describeEachStore('workshop session rows', ({ store }) => {
  it('a row made by a hold is not moved by the same start written another way', async () => {
    await store().write((trx) => lockSession(trx, december, now));
    const moved = await store().write((trx) => followSessions(trx, [december], now));
    expect(moved).toEqual([]);
    expect(await sessionRow(store(), december.id)).toMatchObject({
      start: '2026-12-10T18:00:00.000Z',
      sequence: 0,
    });
  });

  it('a row made by a payment without a hold is not moved either, and a real move is', async () => {
    await store().write((trx) => ensureSession(trx, december, now));
    expect(await store().write((trx) => followSessions(trx, [december], now))).toEqual([]);
    const later = { ...december, start: '2026-12-10T19:00:00+00:00' };
    expect(await store().write((trx) => followSessions(trx, [later], now))).toEqual([
      {
        id: december.id,
        from: '2026-12-10T18:00:00.000Z',
        to: '2026-12-10T19:00:00.000Z',
        sequence: 1,
      },
    ]);
  });
});
