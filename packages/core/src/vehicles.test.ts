import { describe, expect, it } from 'vitest';
import {
  businessShare,
  logBookCsv,
  odometerNow,
  registrationKey,
  summariseLogBook,
  taxYear,
  taxYearLabel,
  taxYearOf,
  tripKilometres,
  type SummaryTrip,
} from './vehicles.js';

const trip = (over: Partial<SummaryTrip>): SummaryTrip => ({
  date: '2026-03-02',
  carId: 'a',
  registration: 'CA123',
  driverName: 'Thandi Mokoena',
  from: 'Office',
  to: 'Client',
  reason: 'Site visit',
  openingOdometer: 1000,
  closingOdometer: 1050,
  business: true,
  ...over,
});

describe('registrationKey', () => {
  it('upper-cases and drops every white space', () => {
    expect(registrationKey(' ca 123-456\tgp ')).toBe('CA123-456GP');
    expect(registrationKey('CA123456')).toBe('CA123456');
  });
});

describe('tripKilometres', () => {
  it('is closing less opening', () => {
    expect(tripKilometres(1000, 1042)).toBe(42);
    expect(tripKilometres(5, 5)).toBe(0);
  });
});

describe('the SARS tax year', () => {
  it('runs from 1 March to the end of February, leap years included', () => {
    expect(taxYear(2026)).toEqual({ from: '2026-03-01', to: '2027-02-28', type: 1 });
    expect(taxYear(2027)).toEqual({ from: '2027-03-01', to: '2028-02-29', type: 1 });
  });

  it('holds a date by its month', () => {
    expect(taxYearOf('2027-02-28')).toBe(2026);
    expect(taxYearOf('2027-03-01')).toBe(2027);
    expect(taxYearOf('2026-12-31')).toBe(2026);
  });

  it('is labelled with both calendar years', () => {
    expect(taxYearLabel(2026)).toBe('Tax year 2026/27 (1 Mar 2026 – 28 Feb 2027)');
    expect(taxYearLabel(2027)).toBe('Tax year 2027/28 (1 Mar 2027 – 29 Feb 2028)');
    expect(taxYearLabel(2099)).toBe('Tax year 2099/00 (1 Mar 2099 – 28 Feb 2100)');
  });
});

describe('businessShare', () => {
  it('is a percentage with 2 decimals, 0 without km', () => {
    expect(businessShare(1, 3)).toBe(33.33);
    expect(businessShare(2, 3)).toBe(66.67);
    expect(businessShare(50, 50)).toBe(100);
    expect(businessShare(0, 0)).toBe(0);
    expect(businessShare(0, 10)).toBe(0);
  });
});

describe('summariseLogBook', () => {
  const cars = [
    { id: 'a', registration: 'CA123', startReading: 900 },
    { id: 'b', registration: 'GP777', startReading: 40_000 },
  ];

  it('opens at the last reading before the year; private km are total less business', () => {
    const trips = [
      trip({ openingOdometer: 1000, closingOdometer: 1050, business: true }),
      trip({ openingOdometer: 1050, closingOdometer: 1080, business: false }),
      // 20 km not logged between trips count as private, as SARS treats them.
      trip({ openingOdometer: 1100, closingOdometer: 1130, business: true }),
    ];
    const [a, b] = summariseLogBook(cars, trips);
    expect(a).toEqual({
      carId: 'a',
      registration: 'CA123',
      // 900 is the last reading before the year: the 100 km to the first trip are private.
      openingOdometer: 900,
      closingOdometer: 1130,
      totalKm: 230,
      businessKm: 80,
      privateKm: 150,
      businessShare: 34.78,
      trips: 3,
      inconsistent: false,
    });
    expect(b).toEqual({
      carId: 'b',
      registration: 'GP777',
      openingOdometer: 40_000,
      closingOdometer: 40_000,
      totalKm: 0,
      businessKm: 0,
      privateKm: 0,
      businessShare: 0,
      trips: 0,
      inconsistent: false,
    });
  });

  it('counts only each car’s own trips, whatever their order', () => {
    const trips = [
      trip({ carId: 'b', openingOdometer: 40_100, closingOdometer: 40_150, business: false }),
      trip({ carId: 'b', openingOdometer: 40_000, closingOdometer: 40_100, business: true }),
    ];
    const [a, b] = summariseLogBook(cars, trips);
    expect(a!.trips).toBe(0);
    expect(b).toMatchObject({
      openingOdometer: 40_000,
      closingOdometer: 40_150,
      totalKm: 150,
      businessKm: 100,
      privateKm: 50,
      businessShare: 66.67,
      trips: 2,
      inconsistent: false,
    });
  });

  it('keeps km driven between two tax years in the later one', () => {
    // The year before closed at 1000; this year's first trip opens at 1100.
    const [a] = summariseLogBook(
      [{ id: 'a', registration: 'CA123', startReading: 1000 }],
      [trip({ openingOdometer: 1100, closingOdometer: 1150, business: true })],
    );
    expect(a).toMatchObject({
      openingOdometer: 1000,
      totalKm: 150,
      businessKm: 50,
      privateKm: 100,
    });
  });

  it('takes a trip’s opening when it is lower than the last known reading', () => {
    const [a] = summariseLogBook(
      [{ id: 'a', registration: 'CA123', startReading: 1000 }],
      [trip({ openingOdometer: 950, closingOdometer: 1010, business: false })],
    );
    expect(a).toMatchObject({ openingOdometer: 950, closingOdometer: 1010, totalKm: 60 });
  });

  it('never reports business km above the total, and flags the car', () => {
    // One trip saved twice (a double click): 500 km driven, 1000 logged.
    const twice = trip({ openingOdometer: 1000, closingOdometer: 1500, business: true });
    const [a] = summariseLogBook(
      [{ id: 'a', registration: 'CA123', startReading: 1000 }],
      [twice, twice],
    );
    expect(a).toMatchObject({
      totalKm: 500,
      businessKm: 500,
      privateKm: 0,
      businessShare: 100,
      inconsistent: true,
    });
  });

  it('sums a huge year without overflowing the stack', () => {
    const many = Array.from({ length: 300_000 }, (_, i) =>
      trip({ openingOdometer: 1000 + i, closingOdometer: 1001 + i, business: i % 2 === 0 }),
    );
    const [a] = summariseLogBook([{ id: 'a', registration: 'CA123', startReading: 1000 }], many);
    expect(a).toMatchObject({ closingOdometer: 301_000, totalKm: 300_000, businessKm: 150_000 });
  });
});

describe('logBookCsv', () => {
  const lines = (csv: string) =>
    csv
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');

  it('writes the header, a row per trip, a total row per car and one over all cars', () => {
    const trips = [
      trip({}),
      trip({
        date: '2026-03-03',
        openingOdometer: 1050,
        closingOdometer: 1080,
        business: false,
        reason: '',
      }),
    ];
    const summary = summariseLogBook(
      [{ id: 'a', registration: 'CA123', startReading: 1000 }],
      trips,
    );
    expect(lines(logBookCsv(trips, summary))).toEqual([
      'Date;Vehicle;Driver;From;To;Reason;Opening km;Closing km;Total km;Business km;Private km',
      '2026-03-02;CA123;Thandi Mokoena;Office;Client;Site visit;1000;1050;50;50;0',
      '2026-03-03;CA123;Thandi Mokoena;Office;Client;;1050;1080;30;0;30',
      'Total;CA123;;;;Business share 62.50 %;1000;1080;80;50;30',
      'Total;All vehicles;;;;;;;80;50;30',
    ]);
  });

  it('neutralises formula-like text and quotes separators (DECISIONS §14)', () => {
    const trips = [trip({ from: '=HYPERLINK("x")', to: 'A; B', reason: '@SUM(1)' })];
    const row = lines(logBookCsv(trips, []))[1]!;
    expect(row).toBe(
      `2026-03-02;CA123;Thandi Mokoena;"'=HYPERLINK(""x"")";"A; B";'@SUM(1);1000;1050;50;50;0`,
    );
  });
});

describe('odometerNow', () => {
  it('is the highest of the opening and the closing readings', () => {
    expect(odometerNow(1000, [])).toBe(1000);
    expect(odometerNow(1000, [1050, 1200, 1100])).toBe(1200);
  });
  it('ignores readings not taken and ones below the opening', () => {
    expect(odometerNow(1000, [null, undefined, 900])).toBe(1000);
  });
});
