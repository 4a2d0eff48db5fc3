import { describe, expect, it } from 'vitest';
import { counted } from './counted.ts';
import { relativeTime } from './time.ts';

describe('counts and relative times as a reader expects them', () => {
  it('says one thing in the singular and groups thousands', () => {
    expect(counted(1, 'user')).toBe('1 user');
    expect(counted(0, 'answer')).toBe('0 answers');
    expect(counted(999, 'vote')).toBe('999 votes');
    expect(counted(1000, 'vote')).toBe('1,000 votes');
    expect(counted(-3, 'vote')).toBe('-3 votes');
    expect(counted(24615, 'view')).toBe('24,615 views');
    expect(counted(1234567, 'question')).toBe('1,234,567 questions');
  });

  it('uses the singular for one second, minute and hour', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    const ago = (s: number) => relativeTime(new Date(now.getTime() - s * 1000), now);
    expect(ago(1)).toBe('1 second ago');
    expect(ago(59)).toBe('59 seconds ago');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(150)).toBe('2 minutes ago');
    expect(ago(3600)).toBe('1 hour ago');
    expect(ago(7300)).toBe('2 hours ago');
  });
});
