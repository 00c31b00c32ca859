import { expect, it } from 'vitest';
import type { Store } from '../../db/store';
import { utcDay } from '../../page-views/store';
import { describeEachStore } from '../../testing/stores';
import { addSubscriber } from '../leads';
import { addExperimentCheckout, addExposures, experimentTallies } from './store';

const experiment = 'waitlist-headline';

describeEachStore('an experiment’s tallies', ({ store }) => {
  const today = utcDay(new Date());
  const show = (visitor: string, variant: string, client = `client-of-${visitor}`) =>
    addExposures(store(), [{ day: today, experiment, variant, visitor, client, views: 1 }]);
  let signUps = 0;
  const signUp = (
    visitor: string,
    variant: string,
    { verified = true, target = store() }: { verified?: boolean; target?: Store } = {},
  ) =>
    addSubscriber(
      target,
      { list: 'waitlist', email: `reader${signUps++}@example.com` },
      {
        ipHash: 'h',
        verified,
        host: 'localhost',
        experiment: { name: experiment, variant, visitor },
      },
      [],
    );
  const tallies = async (goal: 'signUps' | 'checkouts' = 'signUps') =>
    Object.fromEntries(await experimentTallies(store(), experiment, goal));

  it('counts a sign-up only when it passed the form’s checks and its visitor was shown that variant', async () => {
    await show('ann', 'control');
    await show('bob', 'first-to-read');
    await signUp('ann', 'control');
    // Two addresses from one visitor: one conversion, as the visitor is one.
    await signUp('bob', 'first-to-read');
    await signUp('bob', 'first-to-read');
    // No solved proof of work (a script, or JavaScript off): stored, not counted.
    await show('cat', 'first-to-read');
    await signUp('cat', 'first-to-read', { verified: false });
    // Claims a variant its visitor key was never shown, or was shown nothing at all.
    await signUp('ann', 'first-to-read');
    await signUp('dan', 'first-to-read');
    expect(await tallies()).toEqual({
      control: { visitors: 1, conversions: 1, confirmed: 0 },
      'first-to-read': { visitors: 2, conversions: 1, confirmed: 0 },
    });
  });

  it('counts neither visitors nor conversions of a client that showed itself both variants', async () => {
    // One address, two browsers: one key saw the control, the other the variant.
    await show('eve-chrome', 'control', 'eve');
    await show('eve-firefox', 'first-to-read', 'eve');
    await signUp('eve-firefox', 'first-to-read');
    await addExperimentCheckout(store(), {
      day: today,
      experiment,
      variant: 'first-to-read',
      visitor: 'eve-firefox',
    });
    await show('fay', 'control');
    expect(await tallies()).toEqual({
      control: { visitors: 1, conversions: 0, confirmed: 0 },
    });
    expect(await tallies('checkouts')).toEqual({ control: { visitors: 1, conversions: 0 } });
  });

  it('counts the sign-ups Kit has confirmed beside them', async () => {
    await show('gil', 'control');
    await show('hal', 'control');
    await signUp('gil', 'control');
    await signUp('hal', 'control');
    await store()
      .db.updateTable('subscribers')
      .set({ confirmed_at: new Date().toISOString() })
      .where('visitor', '=', 'gil')
      .execute();
    expect(await tallies()).toEqual({ control: { visitors: 2, conversions: 2, confirmed: 1 } });
  });
});
