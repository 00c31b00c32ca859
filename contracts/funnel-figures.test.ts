import { describe, expect, it } from 'vitest';
import {
  addDays,
  columnsOf,
  conversion,
  daysIn,
  figure,
  funnelColumns,
  funnelPageKey,
  number,
  percent,
  percentInText,
  utcDay,
} from './funnel-figures';

const line = {
  views: 37_035,
  visitors: 12_345,
  signUps: 1_763,
  confirmed: 949,
  contacts: null,
  checkouts: 2_469,
  sales: 1_122,
  revenue: { usd: 1000, gbp: 4900 },
  applications: 61,
  offers: 20,
  enrolments: 18,
  cohortRevenue: { gbp: 5_310_000 },
};

describe('the funnel’s days', () => {
  it('counts in UTC days, across months and years', () => {
    expect(utcDay(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysIn('2026-11-16', '2026-11-22')).toBe(7);
    expect(daysIn('2026-11-16', '2026-11-16')).toBe(1);
  });
});

describe('the funnel’s figures', () => {
  it('reads conversion as sign-ups per visitor, none without visitors', () => {
    expect(conversion({ visitors: 4, signUps: 1 })).toBe(0.25);
    expect(conversion({ visitors: 0, signUps: 3 })).toBeNull();
  });

  it('shows contact submissions only where they are counted, the columns in one order', () => {
    expect(columnsOf(true)).toEqual([...funnelColumns]);
    expect(columnsOf(false)).toEqual([
      'views',
      'visitors',
      'signUps',
      'confirmed',
      'conversion',
      'checkouts',
      'sales',
      'revenue',
      'applications',
      'offers',
      'enrolments',
      'cohortRevenue',
    ]);
  });

  it('writes counts grouped, ratios with one decimal in a table and at most one in a sentence', () => {
    expect(number(12_345)).toBe('12,345');
    expect(percent(0.25)).toBe('25.0%');
    expect(percent(null)).toBe('–');
    expect(percentInText(0.25)).toBe('25%');
    expect(percentInText(0.0026)).toBe('0.3%');
    expect(percentInText(11.5)).toBe('1,150%');
  });

  it('writes each figure of a line, counts bare where the caller asks', () => {
    expect(columnsOf(false).map((column) => figure(line, column))).toEqual([
      '37,035',
      '12,345',
      '1,763',
      '949',
      '14.3%',
      '2,469',
      '1,122',
      '£49.00 + US$10.00',
      '61',
      '20',
      '18',
      '£53,100.00',
    ]);
    expect(figure(line, 'views', String)).toBe('37035');
    // A line without contact submissions counted reads none.
    expect(figure(line, 'contacts')).toBe('0');
  });
});

describe('funnelPageKey', () => {
  it('reads back the host and path it was made from, and nothing from "(not recorded)"', () => {
    const page = { host: 'waitlist.example.com', path: '/ig' };
    expect(funnelPageKey.parse(funnelPageKey.format(page))).toEqual(page);
    expect(funnelPageKey.parse(funnelPageKey.format({ host: 'example.com', path: '/' }))).toEqual({
      host: 'example.com',
      path: '/',
    });
    // A lead stored before its host was: the path alone.
    expect(funnelPageKey.parse('/book')).toEqual({ host: '', path: '/book' });
    expect(funnelPageKey.parse('(not recorded)')).toBeNull();
  });

  it("names a lead's page in the owner's emails only when both its host and path were kept", () => {
    expect(funnelPageKey.recorded('example.com', '/press')).toBe('example.com/press');
    expect(funnelPageKey.recorded(null, '/press')).toBeNull();
    expect(funnelPageKey.recorded('example.com', null)).toBeNull();
  });
});
