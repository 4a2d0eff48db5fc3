/**
 * The moderators' side (issue 41): their texts, the shape of a log entry, and the zod schemas
 * of the moderation REST paths (`POST /user/setRole`, `GET /moderation/getLog`).
 */
import { z } from 'zod';
import { ROLES, type Role } from './privileges.ts';
import { usernameSchema } from './user.schemas.ts';

export const MOD_MSG = {
  moderatorsOnly: 'Only moderators can do that.',
  adminsOnly: 'Only admins can change roles.',
  ownRole: 'You cannot change your own role.',
  invalidRole: 'Role must be user, moderator or admin.',
} as const;

/** What a moderator did, as the log names it. */
export type ModAction =
  'close' | 'reopen' | 'lock' | 'unlock' | 'delete' | 'dismiss' | 'suspend' | 'unsuspend' | 'deleteSpammer' | 'setRole';

export type ModTargetKind = 'question' | 'answer' | 'comment' | 'user';

/** One entry of the moderators' log (GET /moderation/getLog). */
export interface ModLogEntry {
  _id: string;
  at: string;
  /** Who acted; null: the command line (`npm run admin`). */
  moderator: string | null;
  action: ModAction;
  target: { kind: ModTargetKind; id: string; label: string };
  reason: string;
  details: Record<string, unknown>;
}

export const setRoleSchema = z.object({
  username: usernameSchema,
  role: z.enum(ROLES, { error: MOD_MSG.invalidRole }),
});
export type SetRoleInput = { username: string; role: Role };
