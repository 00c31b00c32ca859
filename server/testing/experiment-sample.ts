import type { Store } from '../db/store';
import { parseEnv } from '../env';
import { createExposures } from '../features/experiments';
import { addSubscriber } from '../features/leads';
import { createLogger } from '../logger';

/**
 * A day of an experiment on the waitlist's headline, as the tests of its standing read it: 40
 * visitors shown each arm (each its own client), then one sign-up under the control and two under
 * "first-to-read", each from a visitor key that arm was shown.
 */
export async function showAndSignUp(store: Store, experiment: string): Promise<void> {
  const exposures = createExposures({
    store,
    logger: createLogger(parseEnv({ LOG_LEVEL: 'silent' })),
  });
  for (const variant of ['control', 'first-to-read']) {
    for (let index = 0; index < 40; index++) {
      exposures.expose(
        { key: `${variant}-${index}`, client: `client-${variant}-${index}` },
        { name: experiment, variant },
      );
    }
  }
  await exposures.flush();
  for (const [index, variant] of ['control', 'first-to-read', 'first-to-read'].entries()) {
    await addSubscriber(
      store,
      { list: 'waitlist', email: `reader${index}@example.com` },
      {
        ipHash: 'h',
        verified: true,
        host: 'localhost',
        experiment: { name: experiment, variant, visitor: `${variant}-${index}` },
      },
      [],
    );
  }
}
