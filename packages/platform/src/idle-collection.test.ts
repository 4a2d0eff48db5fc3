import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle } from './idle-collection.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const busyFor = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};

afterEach(() => {
  delete (globalThis as { gc?: () => void }).gc;
});

describe('one garbage collection when the process falls idle', () => {
  it('collects when a busy process falls idle, and again after more work', async () => {
    const gc = vi.fn();
    (globalThis as { gc?: () => void }).gc = gc;
    collectWhenIdle(100);
    busyFor(150);
    for (let i = 0; i < 50 && gc.mock.calls.length === 0; i++) await sleep(50);
    expect(gc).toHaveBeenCalled();
    const before = gc.mock.calls.length;
    busyFor(150);
    for (let i = 0; i < 50 && gc.mock.calls.length === before; i++) await sleep(50);
    expect(gc.mock.calls.length).toBeGreaterThan(before);
  });
});
