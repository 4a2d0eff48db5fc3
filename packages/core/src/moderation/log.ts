/** Reading the moderators' log (GET /moderation/getLog and the /moderation screen): moderators only, one page at a time. */
import * as db from '@fso/db';
import type { ModLogEntry, Paged } from '@fso/shared';
import type { Caller, Ports } from '../ports.ts';
import { succeed, type Result } from '../result.ts';
import { requireModerator } from './privileges.ts';

export async function readModLog(
  ports: Ports,
  caller: Caller,
  page: { limit: number; offset: number },
): Promise<Result<Paged<ModLogEntry>>> {
  const moderator = requireModerator(caller);
  if (!moderator.ok) return moderator;
  const limited = await ports.limiter.hit('modLog', caller);
  if (limited) return limited;
  const { entries, total } = await db.listModLog(ports.db, page);
  return succeed({ total, items: entries });
}
