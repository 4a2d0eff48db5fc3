/**
 * Suggested edits (issue 41): an edit of someone else's post by a user below the "edit without
 * review" privilege waits in the review queue until a moderator or a privileged user approves it
 * (applied as a revision credited to its suggester) or rejects it with a reason. The payload of
 * `POST /review/reviewSuggestedEdit`, the queue's item, and every text they say to a person.
 */
import { z } from 'zod';
import type { DiffPart } from './entities.ts';
import { PRIVILEGES } from './privileges.ts';
import { idSchema } from './qa.schemas.ts';
import { noNul } from './text-rules.ts';

export const SUGGESTION_DECISIONS = ['approve', 'reject'] as const;
export type SuggestionDecision = (typeof SUGGESTION_DECISIONS)[number];

export const SUGGESTION_REASON_MAX = 300;

/** What an approved suggested edit earns its suggester (Stack Overflow: +2). */
export const SUGGESTED_EDIT_REPUTATION = 2;

const editPrivilege = PRIVILEGES.editWithoutReview.toLocaleString('en-US');

export const SUGGEST_MSG = {
  submitted: 'Thanks: your edit was suggested, and it waits for review by a moderator or an experienced user.',
  pendingAlready: 'This post already has a suggested edit waiting for review.',
  notFound: 'This suggested edit does not exist (its post may have been deleted).',
  reviewed: 'This suggested edit was already reviewed.',
  ownSuggestion: 'You cannot review your own suggested edit.',
  reviewPrivilege: `Reviewing suggested edits takes ${editPrivilege} reputation.`,
  invalidDecision: 'Decision must be approve or reject.',
  reasonNeeded: 'Say why the edit is rejected (reason).',
  reasonTooLong: `A reason can be at most ${SUGGESTION_REASON_MAX} characters.`,
  reasonUnexpected: 'A reason goes only with a rejection.',
  approvedNotice: 'approved your suggested edit',
  rejectedNotice: 'rejected your suggested edit',
} as const;

/** POST /review/reviewSuggestedEdit: approve a suggested edit, or reject it with a reason. */
export const reviewSuggestedEditBodySchema = z
  .object({
    id: idSchema,
    decision: z.enum(SUGGESTION_DECISIONS, { error: SUGGEST_MSG.invalidDecision }),
    reason: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      noNul().trim().max(SUGGESTION_REASON_MAX, SUGGEST_MSG.reasonTooLong).optional(),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.decision === 'reject' && !body.reason)
      ctx.addIssue({ code: 'custom', message: SUGGEST_MSG.reasonNeeded, path: ['reason'] });
    if (body.decision === 'approve' && body.reason)
      ctx.addIssue({ code: 'custom', message: SUGGEST_MSG.reasonUnexpected, path: ['reason'] });
  });
export type ReviewSuggestedEditBody = z.output<typeof reviewSuggestedEditBodySchema>;

/** One suggested edit waiting for review: the post as it is and as suggested. */
export interface SuggestedEditItem {
  id: string;
  type: 'question' | 'answer';
  postId: string;
  questionId: string;
  suggester: string | null;
  createdAt: string;
  /** The post's title (a question's; an answer's question's title as context) now, and suggested (questions only). */
  title: string;
  suggestedTitle: string | null;
  tags: string[] | null;
  suggestedTags: string[] | null;
  text: string;
  suggestedText: string;
  /** Word diffs from the post now to the suggestion (title and tags: questions only). */
  diff: { title?: DiffPart[]; text: DiffPart[]; tags?: DiffPart[] };
}

/** What a suggestion's author gets back instead of the edited post. */
export interface SuggestedEditReceipt {
  suggestedEdit: string;
  message: string;
}
