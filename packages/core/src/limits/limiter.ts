/**
 * The `Limiter` port over the database: applies the site's rate-limit table
 * (packages/shared/src/rate-limits.ts) to one action. One event is counted under every key that
 * applies (user, client address, address + typed name), each with a single atomic statement
 * before the action runs, so parallel requests cannot slip past a check; any key over its limit
 * refuses the action (`tooMany`, with the seconds until the oldest counted event expires).
 */
import * as db from '@fso/db';
import { MSG, RATE_LIMITS, scaledCount, type LimitedAction } from '@fso/shared';
import type { Caller, Limiter } from '../ports.ts';
import { fail } from '../result.ts';

const MESSAGES: Partial<Record<LimitedAction, string>> = { failedLogin: MSG.tooManyLogins, message: MSG.tooManyMessages };

/** `factor` scales every count (tests and load runs raise or lower the limits). */
export function createLimiter(deps: { db: db.Db; factor: number }): Limiter {
  function keysOf(action: LimitedAction, caller: Caller, who: { name?: string }): { key: string; max: number }[] {
    const rule: { perUser?: number; perIp?: number; perIpAndName?: number } = RATE_LIMITS[action];
    const keys: { key: string; max: number }[] = [];
    const userId = caller.user?.userId;
    if (rule.perUser !== undefined && userId !== undefined) keys.push({ key: `${action}:user:${userId}`, max: rule.perUser });
    if (rule.perIp !== undefined) keys.push({ key: `${action}:ip:${caller.ip}`, max: rule.perIp });
    if (rule.perIpAndName !== undefined && who.name !== undefined) keys.push({ key: `${action}:ip-name:${caller.ip}:${who.name.toLowerCase()}`, max: rule.perIpAndName });
    return keys.map(({ key, max }) => ({ key, max: scaledCount(max, deps.factor) }));
  }

  return {
    async hit(action, caller, who = {}) {
      const { windowMs } = RATE_LIMITS[action];
      const states = await Promise.all(keysOf(action, caller, who).map(({ key, max }) => db.hitLimit(deps.db, key, { max, windowMs })));
      const blocked = states.filter((s) => !s.allowed);
      if (blocked.length === 0) return null;
      return fail('tooMany', MESSAGES[action] ?? MSG.tooManyRequests, Math.max(...blocked.map((s) => s.retryAfterSeconds)));
    },
    async forgive(action, caller, who = {}) {
      const keys = keysOf(action, caller, who);
      await Promise.all(keys.map(({ key }) => (key.includes(':ip-name:') ? db.clearLimit(deps.db, key) : db.uncountLimit(deps.db, key))));
    },
  };
}
