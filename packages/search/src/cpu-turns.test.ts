/** cpu-turns.ts: stages run one at a time in order, and other work gets a turn between two stages. */
import { describe, expect, it } from 'vitest';
import { cpuTurns } from './cpu-turns.ts';

describe('cpuTurns', () => {
  it('runs stages one at a time, in order, with other callbacks served between two', async () => {
    const turn = cpuTurns();
    const seen: string[] = [];
    const busyFor = (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until);
    };
    const stages = [1, 2, 3].map((n) =>
      turn(() => {
        seen.push(`stage ${n}`);
        // A probe arriving while the stage computes: it must run before the next stage.
        setImmediate(() => seen.push(`probe after ${n}`));
        busyFor(5);
        return n * 10;
      }),
    );
    expect(await Promise.all(stages)).toEqual([10, 20, 30]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['stage 1', 'probe after 1', 'stage 2', 'probe after 2', 'stage 3', 'probe after 3']);
  });

  it('keeps the turn through an async stage and passes a failure to its caller only', async () => {
    const turn = cpuTurns();
    const order: string[] = [];
    const slow = turn(async () => {
      order.push('slow start');
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('slow end');
      throw new Error('stage failed');
    });
    const fast = turn(() => order.push('fast'));
    await expect(slow).rejects.toThrow('stage failed');
    await fast;
    expect(order).toEqual(['slow start', 'slow end', 'fast']);
  });
});
