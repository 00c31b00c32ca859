import { describe, expect, it } from 'vitest';
import type { ConsentChoice } from './consent';
import { createTracker, type TrackingCall, trackingCall } from './tracking';

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

  it('says which list a sign-up joined', () => {
    expect(trackingCall('lead', { list: 'handbook' }, '/11cheatcodes').params).toEqual({
      page_path: '/11cheatcodes',
      list: 'handbook',
    });
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

describe('createTracker: no event lost before the consent choice', () => {
  function setup() {
    let decided = false;
    let choice: ConsentChoice = { analytics: false, advertising: false, media: false };
    const listeners = new Set<() => void>();
    const tracker = createTracker({
      decided: () => decided,
      choice: () => choice,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    });
    const choose = (next: Partial<ConsentChoice>) => {
      decided = true;
      choice = { ...choice, ...next };
      for (const listener of listeners) listener();
    };
    return { tracker, choose };
  }
  const pageView = trackingCall('pageView', {}, '/');
  const click = trackingCall('ctaClick', { button_name: 'Subscribe free' }, '/');

  it('replays the page view fired before the choice to the sinks consent enables', () => {
    const { tracker, choose } = setup();
    const pixel: TrackingCall[] = [];
    const analytics: TrackingCall[] = [];
    tracker.dispatch(pageView);
    tracker.addSink('advertising', (call) => pixel.push(call));
    tracker.addSink('analytics', (call) => analytics.push(call));
    expect(pixel).toEqual([]); // Nothing leaves before the choice.
    choose({ analytics: true, advertising: false });
    expect(analytics).toEqual([pageView]);
    expect(pixel).toEqual([]);
  });

  it('drops the waiting events on refusal, so a later opt-in does not resurrect them', () => {
    const { tracker, choose } = setup();
    const analytics: TrackingCall[] = [];
    tracker.addSink('analytics', (call) => analytics.push(call));
    tracker.dispatch(pageView);
    choose({ analytics: false });
    choose({ analytics: true });
    expect(analytics).toEqual([]);
    tracker.dispatch(click);
    expect(analytics).toEqual([click]);
  });

  it('holds events for a consented sink that is still loading, then delivers them in order', () => {
    const { tracker, choose } = setup();
    choose({ advertising: true });
    tracker.dispatch(pageView);
    tracker.dispatch(click);
    const pixel: TrackingCall[] = [];
    tracker.addSink('advertising', (call) => pixel.push(call));
    expect(pixel).toEqual([pageView, click]);
    tracker.dispatch(click);
    expect(pixel).toHaveLength(3);
  });
});
