/**
 * Applies the site's rate-limit table (packages/shared/src/rate-limits.ts) to one action: one
 * event is counted under every key that applies (user, client address, address + typed name),
 * each with a single atomic statement before the action runs, so parallel requests cannot slip
 * past a check; any key over its limit refuses the action with 429 and Retry-After. A key the
 * table has refused is then refused from this process's memory until its window ends, with no
 * SQL (packages/core/src/limits/refusal-memory.ts, docs/decisions/0034).
 */
import type { AppLoadContext } from '@remix-run/node';
import { createRefusalMemory, type RefusalMemory } from '@fso/core';
import * as db from '@fso/db';
import { MSG, RATE_LIMITS, scaledCount, type LimitedAction, type WindowLimit } from '@fso/shared';
import { fail } from './respond.server.ts';
import { getSessionUser } from './session.server.ts';

const MESSAGES: Partial<Record<LimitedAction, string>> = { failedLogin: MSG.tooManyLogins, message: MSG.tooManyMessages };

interface Who {
  userId?: number;
  /** The username a login names (it may not exist). */
  name?: string;
}

function keysOf(context: AppLoadContext, action: LimitedAction, who: Who): { key: string; max: number }[] {
  const rule: WindowLimit = RATE_LIMITS[action];
  const keys: { key: string; max: number }[] = [];
  if (rule.perUser !== undefined && who.userId !== undefined) keys.push({ key: `${action}:user:${who.userId}`, max: rule.perUser });
  if (rule.perIp !== undefined) keys.push({ key: `${action}:ip:${context.clientIp}`, max: rule.perIp });
  if (rule.perIpAndName !== undefined && who.name !== undefined) keys.push({ key: `${action}:ip-name:${context.clientIp}:${who.name.toLowerCase()}`, max: rule.perIpAndName });
  return keys.map(({ key, max }) => ({ key, max: scaledCount(max, context.config.rateLimitFactor) }));
}

/** One memory per database this process uses (tests open many). */
const memories = new WeakMap<db.Database, RefusalMemory>();
const memoryOf = (database: db.Database) => memories.get(database) ?? memories.set(database, createRefusalMemory(Date.now)).get(database)!;

const refusal = (action: LimitedAction, until: number) =>
  fail(429, MESSAGES[action] ?? MSG.tooManyRequests, { 'Retry-After': String(Math.max(1, Math.ceil((until - Date.now()) / 1000))) });

/** Counts one `action` by `who`; null when allowed, else the 429 refusal to answer with. */
export async function overLimit(context: AppLoadContext, action: LimitedAction, who: Who = {}) {
  const rule: WindowLimit = RATE_LIMITS[action];
  const memory = memoryOf(context.database);
  const keys = keysOf(context, action, who);
  const known = keys.map(({ key }) => memory.refusedUntil(key)).filter((until) => until !== null);
  if (known.length > 0) return refusal(action, Math.max(...known));
  const states = await Promise.all(keys.map(({ key, max }) => db.hitLimit(context.database.db, key, { max, windowMs: rule.windowMs })));
  const blocked = keys.flatMap(({ key }, i) => (states[i]!.allowed ? [] : [{ key, until: states[i]!.windowEndsAt.getTime() }]));
  if (blocked.length === 0) return null;
  if (!rule.takenBack) for (const { key, until } of blocked) memory.remember(key, until);
  return refusal(action, Math.max(...blocked.map((b) => b.until)));
}

/** Takes back what `overLimit` counted, for an event that turned out not to count (a login that succeeded). */
export async function forgive(context: AppLoadContext, action: LimitedAction, who: Who = {}): Promise<void> {
  const keys = keysOf(context, action, who);
  await Promise.all(keys.map(({ key }) => (key.includes(':ip-name:') ? db.clearLimit(context.database.db, key) : db.uncountLimit(context.database.db, key))));
}

/**
 * Natural-language search (REST and the results page, signed in or not): per user when signed in,
 * and per address; with the process's search cap full, 503 first, before any SQL (docs/decisions/0034).
 */
export async function semanticSearchLimit(request: Request, context: AppLoadContext) {
  if (context.semantic.full?.()) return fail(503, MSG.semanticSearchBusy, { 'Retry-After': '1' });
  const user = await getSessionUser(request, context);
  return overLimit(context, 'semanticSearch', { userId: user?.userId });
}
