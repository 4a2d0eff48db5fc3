/**
 * The moderators' side (issue 41): their texts, closing reasons, the shapes of a closure and a
 * log entry, and the zod schemas of the moderation REST paths (roles, close/reopen, lock,
 * suspensions, the log).
 */
import { z } from 'zod';
import { PRIVILEGES, ROLES, type Role } from './privileges.ts';
import { idSchema } from './qa.schemas.ts';
import { usernameSchema } from './user.schemas.ts';

export const CLOSE_REASONS = ['duplicate', 'offTopic', 'needsDetails', 'opinionBased'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** How each reason reads on the question and in the close dialog. */
export const CLOSE_REASON_TEXT: Record<CloseReason, string> = {
  duplicate: 'Duplicate: this question has been asked before and already has an answer',
  offTopic: 'Off-topic: not about programming or the tools programmers use',
  needsDetails: 'Needs details or clarity: it is not clear what is being asked',
  opinionBased: 'Opinion-based: answers would be opinions rather than facts',
};

/** Why and by whom a question was closed (`question.closed`). */
export interface Closure {
  reason: CloseReason;
  /** The question it duplicates (reason `duplicate`), and that question's title. */
  duplicateOf?: string;
  duplicateTitle?: string;
  /** The moderator, or the users whose votes closed it. */
  by: string[];
  at: string;
}

/** The longest reason a moderator may give for a suspension. */
export const SUSPENSION_REASON_MAX = 500;
export const SUSPENSION_DAYS_MAX = 365;

export const MOD_MSG = {
  moderatorsOnly: 'Only moderators can do that.',
  adminsOnly: 'Only admins can change roles.',
  ownRole: 'You cannot change your own role.',
  invalidRole: 'Role must be user, moderator or admin.',
  questionClosed: 'This question is closed',
  questionLocked: 'This question is locked',
  alreadyClosed: 'This question is already closed.',
  notClosed: 'This question is not closed.',
  alreadyVotedClose: 'You have already voted to close this question.',
  alreadyVotedReopen: 'You have already voted to reopen this question.',
  closePrivilege: `You need ${PRIVILEGES.closeVote} reputation to vote to close or reopen questions.`,
  invalidCloseReason: 'Reason must be duplicate, offTopic, needsDetails or opinionBased.',
  duplicateNeedsTarget: 'Choose the question this one duplicates.',
  duplicateOnlyForDuplicate: 'Only a duplicate names the question it duplicates.',
  duplicateOfItself: 'A question cannot be a duplicate of itself.',
  duplicateTargetMissing: 'The question it duplicates was not found.',
  lockBody: 'Send {"qid": id, "locked": true or false}.',
  suspendDays: `Days must be a whole number from 0 (lift the suspension) to ${SUSPENSION_DAYS_MAX}.`,
  suspendReason: 'Give a reason for the suspension.',
  suspendReasonTooLong: `The reason cannot be more than ${SUSPENSION_REASON_MAX} characters.`,
  cannotSuspendAdmin: 'Moderators cannot suspend admins.',
  cannotSuspendSelf: 'You cannot suspend yourself.',
} as const;

/** "Your account is suspended until DATE: REASON", the answer to every write of a suspended user. */
export const suspendedMessage = (until: Date, reason: string): string =>
  `Your account is suspended until ${suspensionDate(until)}: ${reason}`;

/** A suspension's end as the site writes it: `2026-12-13 14:05 UTC`. */
export const suspensionDate = (until: Date): string => `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A suspension in force, as a profile and the suspended user's pages show it. */
export interface Suspension {
  until: string;
  reason: string;
}

/** Live events of moderation, sent to the user's own sockets (`user:<name>`). */
export interface ModerationServerEvents {
  /** The user's suspension began (its end and reason) or was lifted (null): their pages say so at once. */
  suspensionUpdate: (payload: { suspension: Suspension | null }) => void;
}

/** What a moderator did, as the log names it. */
export type ModAction =
  | 'close'
  | 'reopen'
  | 'lock'
  | 'unlock'
  | 'delete'
  | 'dismiss'
  | 'suspend'
  | 'unsuspend'
  | 'deleteSpammer'
  | 'setRole'
  | 'reverseSerialVotes';

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

export const closeQuestionSchema = z
  .object({
    qid: idSchema,
    reason: z.enum(CLOSE_REASONS, { error: MOD_MSG.invalidCloseReason }),
    duplicateOf: idSchema.optional(),
  })
  .refine((v) => v.reason !== 'duplicate' || v.duplicateOf !== undefined, MOD_MSG.duplicateNeedsTarget)
  .refine((v) => v.reason === 'duplicate' || v.duplicateOf === undefined, MOD_MSG.duplicateOnlyForDuplicate);
export type CloseQuestionInput = z.output<typeof closeQuestionSchema>;

export const reopenQuestionSchema = z.object({ qid: idSchema });

export const lockQuestionSchema = z.object(
  { qid: idSchema, locked: z.boolean({ error: MOD_MSG.lockBody }) },
  { error: MOD_MSG.lockBody },
);

export const suspendUserSchema = z
  .object({
    username: usernameSchema,
    days: z.coerce
      .number({ error: MOD_MSG.suspendDays })
      .int(MOD_MSG.suspendDays)
      .min(0, MOD_MSG.suspendDays)
      .max(SUSPENSION_DAYS_MAX, MOD_MSG.suspendDays),
    reason: z
      .string({ error: MOD_MSG.suspendReason })
      .trim()
      .max(SUSPENSION_REASON_MAX, MOD_MSG.suspendReasonTooLong)
      .default(''),
  })
  .refine((v) => v.days === 0 || v.reason !== '', { message: MOD_MSG.suspendReason });
export type SuspendUserInput = z.output<typeof suspendUserSchema>;
