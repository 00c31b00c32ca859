import { checkoutReferences } from '../features/sales';
import { testIpHashKey } from './app';
import { checkoutSessionEvent, type SessionOptions } from './stripe-event-shapes';

/** Stripe's deliveries as the tests sign them: the shapes live in stripe-event-shapes.ts. */
export * from './stripe-event-shapes';

/** References as the test app signs them (createTestApp's server secret). */
export const testReferences = checkoutReferences(testIpHashKey);

/**
 * A completed checkout of the workshop bought through our counted link: its reference names a
 * click on `host`'s /assetworkshop from Instagram on 25 November 2026.
 */
export function workshopSaleEvent(host: string, options: SessionOptions = {}) {
  const reference = testReferences.make(
    { day: '2026-11-25', host, path: '/assetworkshop', source: 'Instagram' },
    'Ab3dEf7h',
  );
  const event = checkoutSessionEvent('checkout.session.completed', { ...options, reference });
  return { reference, event };
}
