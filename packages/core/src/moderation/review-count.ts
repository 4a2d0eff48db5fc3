/**
 * The review queue's size, live in moderators' headers: after anything that adds to it or takes
 * from it (a flag, a resolution, a held post, a suggested edit), each moderator's own room gets
 * `reviewUpdate` with the number of posts waiting.
 */
import * as db from '@fso/db';
import { rooms } from '@fso/shared';
import type { Ports } from '../ports.ts';

export async function announceReviewCount(ports: Ports): Promise<void> {
  const [pending, moderators] = await Promise.all([db.pendingReviewCount(ports.db), db.moderatorNames(ports.db)]);
  for (const name of moderators) ports.events.toRoom(rooms.user(name), 'reviewUpdate', { pending });
}
