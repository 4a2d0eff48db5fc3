/**
 * Flags and the review queue (issue 41): the reasons a post may be flagged, the numbers the rules
 * use (in one table: how many spam or rude flags hide a post, what a deleted spam post costs its
 * author, new users' link limit), the payloads of `POST /flag/addFlag`, `POST /review/resolveFlags`
 * and `POST /user/deleteSpammer` as zod schemas, and every text these say to a person.
 */
import { z } from 'zod';
import { idSchema } from './qa.schemas.ts';
import { noNul } from './text-rules.ts';

export const FLAG_REASONS = ['spam', 'rude', 'duplicate', 'notAnAnswer', 'needsAttention'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export const FLAG_POST_TYPES = ['question', 'answer', 'comment'] as const;
export type FlagPostType = (typeof FLAG_POST_TYPES)[number];
export const REVIEW_DECISIONS = ['delete', 'dismiss'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** What the flag form calls each reason. */
export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  spam: 'Spam',
  rude: 'Rude or abusive',
  duplicate: 'A duplicate',
  notAnAnswer: 'Not an answer',
  needsAttention: 'Needs a moderator’s attention',
};

/** The moderation numbers (Stack Overflow's, scaled for small sites), one table. */
export const MODERATION_RULES = {
  /** Spam or rude flags from this many distinct users hide a post at once. */
  hideAtFlags: 3,
  /** The reasons whose flags count toward hiding. */
  hidingReasons: ['spam', 'rude'] as readonly FlagReason[],
  /** What a spam or rude post deleted by a moderator costs its author (Stack Overflow: 100). */
  spamPenalty: 100,
  /** Below this reputation a user is new: at most `newUserLinks` links in a post. */
  newUserReputation: 10,
  newUserLinks: 2,
  /** Posts of a removed spammer handled per transaction in the background. */
  spammerBatch: 200,
} as const;

export const FLAG_TEXT_MAX = 500;

export const FLAG_MSG = {
  ownPost: 'You cannot flag your own post.',
  alreadyFlagged: 'You have already flagged this post.',
  invalidType: 'Type must be question, answer or comment.',
  invalidReason: 'Reason must be spam, rude, duplicate, notAnAnswer or needsAttention.',
  invalidDecision: 'Decision must be delete or dismiss.',
  textTooLong: `A flag's text can be at most ${FLAG_TEXT_MAX} characters.`,
  textNeeded: 'Say what needs a moderator’s attention.',
  duplicateOfNeeded: 'Name the question this one duplicates (duplicateOf).',
  duplicateOnlyQuestions: 'Only a question can be flagged as a duplicate.',
  duplicateOfItself: 'A question cannot duplicate itself.',
  duplicateTargetMissing: 'The question named as the original does not exist.',
  duplicateOfUnexpected: 'duplicateOf goes only with the reason duplicate.',
  flagged: 'Thanks: a moderator will review your flag.',
  dailyCap: 'You have flagged as many posts as one person can in a day. Try again tomorrow.',
  noPendingFlags: 'This post has no pending flags.',
  postNotFound: 'This post does not exist (it may have been deleted).',
  hiddenNotice:
    'This post is hidden: users flagged it, and a moderator will review it. Only you and moderators see it.',
  heldNotice: 'This post is held for review: a moderator will look at it soon. Only you and moderators see it.',
  tooManyLinks: `New users (below ${MODERATION_RULES.newUserReputation} reputation) can post at most ${MODERATION_RULES.newUserLinks} links.`,
  spammerNotFound: 'No such user.',
  spammerIsModerator: 'A moderator or an admin cannot be removed as a spammer.',
  spammerOwn: 'You cannot remove your own account.',
} as const;

const postType = z.enum(FLAG_POST_TYPES, { error: FLAG_MSG.invalidType });

/** POST /flag/addFlag: which post, why, and (for some reasons) more. */
export const addFlagBodySchema = z
  .object({
    id: idSchema,
    type: postType,
    reason: z.enum(FLAG_REASONS, { error: FLAG_MSG.invalidReason }),
    text: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      noNul().trim().max(FLAG_TEXT_MAX, FLAG_MSG.textTooLong).optional(),
    ),
    duplicateOf: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
  })
  .superRefine((flag, ctx) => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (flag.reason === 'needsAttention' && !flag.text) issue(FLAG_MSG.textNeeded, 'text');
    if (flag.reason !== 'duplicate' && flag.duplicateOf !== undefined)
      issue(FLAG_MSG.duplicateOfUnexpected, 'duplicateOf');
    if (flag.reason === 'duplicate' && flag.type !== 'question') issue(FLAG_MSG.duplicateOnlyQuestions, 'type');
    else if (flag.reason === 'duplicate' && flag.duplicateOf === undefined)
      issue(FLAG_MSG.duplicateOfNeeded, 'duplicateOf');
    else if (flag.reason === 'duplicate' && flag.duplicateOf === flag.id)
      issue(FLAG_MSG.duplicateOfItself, 'duplicateOf');
  });
export type AddFlagBody = z.output<typeof addFlagBodySchema>;

/** POST /review/resolveFlags: a post's pending flags, accepted (the post deleted) or dismissed. */
export const resolveFlagsBodySchema = z.object({
  id: idSchema,
  type: postType,
  decision: z.enum(REVIEW_DECISIONS, { error: FLAG_MSG.invalidDecision }),
});

/** Live events of the review queue, sent to each moderator's own room. */
export interface ReviewServerEvents {
  /** How many posts wait for review after a change. */
  reviewUpdate: (payload: { pending: number }) => void;
  /** A spammer removal's progress: posts removed so far of the total, done once finished. */
  spammerRemoval: (payload: SpammerRemovalProgress) => void;
}

export interface SpammerRemovalProgress {
  username: string;
  removed: number;
  total: number;
  done: boolean;
}

/** POST /user/deleteSpammer. */
export const deleteSpammerBodySchema = z.object({
  username: z.string({ error: FLAG_MSG.spammerNotFound }).trim().min(1, FLAG_MSG.spammerNotFound).max(100),
});
