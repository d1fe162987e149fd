// The calendar's day arithmetic (src/shared/locale/date-input.ts): whole days in YYYY-MM-DD, whatever the
// workstation's time zone, weeks from Monday.
import { describe, expect, it } from 'vitest';
import { monthWeeks, shiftDay, shiftMonth, weekdayIndex } from '../../src/shared/locale/date-input.ts';

describe('calendar days', () => {
  it('moves by days across month, year and leap-day ends', () => {
    expect(shiftDay('2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDay('2027-03-01', -1)).toBe('2027-02-28');
    // Across the change to summer time (Europe: 28 March 2027) a day is still a day.
    expect(shiftDay('2027-03-27', 7)).toBe('2027-04-03');
  });

  it('moves by months to the same day, or the last day of a shorter month', () => {
    expect(shiftMonth('2027-01-31', 1)).toBe('2027-02-28');
    expect(shiftMonth('2028-01-31', 1)).toBe('2028-02-29');
    expect(shiftMonth('2026-12-15', 1)).toBe('2027-01-15');
    expect(shiftMonth('2027-01-15', -1)).toBe('2026-12-15');
    expect(shiftMonth('2027-03-31', -12)).toBe('2026-03-31');
  });

  it('numbers weekdays from Monday', () => {
    expect(weekdayIndex('2026-11-23')).toBe(0); // a Monday
    expect(weekdayIndex('2026-11-22')).toBe(6); // a Sunday
  });

  it('lays a month out in weeks from Monday, blanks outside the month', () => {
    const weeks = monthWeeks('2026-12-17');
    // 1 December 2026 is a Tuesday, the 31st a Thursday.
    expect(weeks[0]).toEqual([
      undefined,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    expect(weeks.at(-1)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      undefined,
      undefined,
      undefined,
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    // February 2027 starts on a Monday and fills exactly four weeks.
    expect(monthWeeks('2027-02-01')).toHaveLength(4);
  });
});
