import { describe, expect, it } from 'vitest';
import { memberFor } from './time.ts';

describe('memberFor', () => {
  const now = new Date(2026, 11, 6, 12);
  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
  it('says days under a month, in the singular for one', () => {
    expect(memberFor(ago(0.5), now)).toBe('member for less than a day');
    expect(memberFor(ago(1), now)).toBe('member for 1 day');
    expect(memberFor(ago(30), now)).toBe('member for 30 days');
  });
  it('says whole calendar months under a year', () => {
    expect(memberFor(new Date(2026, 10, 5), now)).toBe('member for 1 month');
    expect(memberFor(new Date(2026, 9, 7), now)).toBe('member for 1 month');
    expect(memberFor(new Date(2026, 0, 6), now)).toBe('member for 11 months');
  });
  it('says whole years after that', () => {
    expect(memberFor(new Date(2025, 11, 6), now)).toBe('member for 1 year');
    expect(memberFor(new Date(2018, 2, 9), now)).toBe('member for 8 years');
  });
  it('never counts a date in the future', () => {
    expect(memberFor(ago(-3), now)).toBe('member for less than a day');
  });
});
