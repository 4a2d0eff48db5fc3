/**
 * Core's `Limiter` port over the database (platform builds it; where an action is counted is
 * core's call): applies the site's rate-limit table
 * (packages/shared/src/rate-limits.ts) to one action. One event is counted under every key that
 * applies (user, client address, address + typed name), each with a single atomic statement
 * before the action runs, so parallel requests cannot slip past a check; any key over its limit
 * refuses the action (`tooMany`, with the seconds until its window ends). A key the table has
 * refused is then refused from this process's memory until its window ends, with no SQL
 * (refusal-memory.ts, docs/decisions/0034); failed logins never are, since a login that succeeds
 * takes its count back, possibly in another process. A caller `admit` already counted for the
 * action passes without a second count.
 */
import * as db from '@fso/db';
import {
  fail,
  FLAG_MSG,
  MSG,
  RATE_LIMITS,
  scaledCount,
  type Failure,
  type LimitedAction,
  type WindowLimit,
} from '@fso/shared';
import { createRefusalMemory } from './refusal-memory.ts';

/** What the count reads of the caller (core's `Caller`): who is signed in, from which address, and the action `admit` already counted. */
export interface Counted {
  user: { userId: number } | null;
  ip: string;
  admitted?: LimitedAction;
}

/** Counts one rate-limited action; null when allowed, else the `tooMany` failure to answer with. */
export interface RateLimiter {
  hit(action: LimitedAction, caller: Counted, who?: { name?: string }): Promise<Failure | null>;
  /** Takes back what `hit` counted, for an event that turned out not to count (a login that succeeded). */
  forgive(action: LimitedAction, caller: Counted, who?: { name?: string }): Promise<void>;
}

const MESSAGES: Partial<Record<LimitedAction, string>> = {
  failedLogin: MSG.tooManyLogins,
  message: MSG.tooManyMessages,
  flag: FLAG_MSG.dailyCap,
};

/** `factor` scales every count (tests and load runs raise or lower the limits). */
export function createLimiter(deps: { db: db.Db; factor: number; now?: () => number }): RateLimiter {
  const now = deps.now ?? Date.now;
  const memory = createRefusalMemory(now);
  const refusal = (action: LimitedAction, until: number) =>
    fail('tooMany', MESSAGES[action] ?? MSG.tooManyRequests, Math.max(1, Math.ceil((until - now()) / 1000)));

  function keysOf(action: LimitedAction, caller: Counted, who: { name?: string }): { key: string; max: number }[] {
    const rule: WindowLimit = RATE_LIMITS[action];
    const keys: { key: string; max: number }[] = [];
    const userId = caller.user?.userId;
    if (rule.perUser !== undefined && userId !== undefined)
      keys.push({ key: `${action}:user:${userId}`, max: rule.perUser });
    if (rule.perIp !== undefined) keys.push({ key: `${action}:ip:${caller.ip}`, max: rule.perIp });
    if (rule.perName !== undefined && who.name !== undefined)
      keys.push({ key: `${action}:name:${who.name.toLowerCase()}`, max: rule.perName });
    if (rule.perIpAndName !== undefined && who.name !== undefined)
      keys.push({ key: `${action}:ip-name:${caller.ip}:${who.name.toLowerCase()}`, max: rule.perIpAndName });
    return keys.map(({ key, max }) => ({ key, max: scaledCount(max, deps.factor) }));
  }

  return {
    async hit(action, caller, who = {}) {
      if (caller.admitted === action) return null;
      const rule: WindowLimit = RATE_LIMITS[action];
      const keys = keysOf(action, caller, who);
      const known = keys.map(({ key }) => memory.refusedUntil(key)).filter((until) => until !== null);
      if (known.length > 0) return refusal(action, Math.max(...known));
      const states = await Promise.all(
        keys.map(({ key, max }) => db.hitLimit(deps.db, key, { max, windowMs: rule.windowMs })),
      );
      const blocked = keys.flatMap(({ key }, i) =>
        states[i]!.allowed ? [] : [{ key, until: states[i]!.windowEndsAt.getTime() }],
      );
      if (blocked.length === 0) return null;
      if (!rule.takenBack) for (const { key, until } of blocked) memory.remember(key, until);
      return refusal(action, Math.max(...blocked.map((b) => b.until)));
    },
    async forgive(action, caller, who = {}) {
      const keys = keysOf(action, caller, who);
      await Promise.all(
        keys.map(({ key }) =>
          key.includes(':ip-name:') ? db.clearLimit(deps.db, key) : db.uncountLimit(deps.db, key),
        ),
      );
    },
  };
}
