import { describe, expect, it } from 'vitest';
import { trackingCall } from './tracking';

describe('trackingCall', () => {
  it('maps an event to the pixel and analytics names', () => {
    expect(trackingCall('lead', { source: 'Direct' }, '/')).toEqual({
      pixel: 'Lead',
      custom: false,
      analytics: 'generate_lead',
      params: { page_path: '/', source: 'Direct' },
    });
    expect(trackingCall('ctaClick', {}, '/').custom).toBe(true);
  });

  it('keeps only the allowed parameters, so personal data cannot slip through', () => {
    const smuggled = { button_name: 'Book a Talk', email: 'a@b.co' } as unknown as Parameters<
      typeof trackingCall
    >[1];
    expect(trackingCall('ctaClick', smuggled, '/').params).toEqual({
      page_path: '/',
      button_name: 'Book a Talk',
    });
  });
});
