/**
 * Reviewing suggested edits (GET /review/getSuggestedEdits, POST /review/reviewSuggestedEdit and
 * the review screen's "Suggested edits" tab): moderators and users with the "edit without
 * review" privilege, never on their own suggestion. `decideSuggestionReview` is the rule; an
 * approval is applied as the suggester's revision and earns them reputation (recounted), a
 * rejection keeps its reason; either way the suggester is told in their inbox, open pages get
 * the applied edit, and moderators the queue's new size.
 */
import * as db from '@fso/db';
import {
  SUGGEST_MSG,
  type Paged,
  type ReviewSuggestedEditBody,
  type SuggestedEditItem,
  type SuggestionDecision,
} from '@fso/shared';
import { wordDiff } from '@fso/markdown';
import { actorNamed, NOT_SIGNED_IN } from '../caller.ts';
import { moderationNotice } from '../notifications/fan-out.ts';
import { announceUnread } from '../notifications/notifications.ts';
import type { Caller, Ports } from '../ports.ts';
import { loadQuestion } from '../qa/questions.ts';
import { publishQuestion } from '../qa/publish.ts';
import { reputationOf } from '../qa/reputation.ts';
import { fail, succeed, type Result } from '../result.ts';
import { can } from './privileges.ts';
import { announceReviewCount } from './review-count.ts';
import { decidePosting } from './closing.ts';

/**
 * A reviewer with the privilege decides a pending suggestion of a post that still exists, not
 * their own; an approval is refused while the question is locked (as any edit). Approving
 * recounts the suggester.
 */
export function decideSuggestionReview(
  seen: db.SuggestionSeen,
  review: { reviewerId: number; privileged: boolean; decision: SuggestionDecision },
): Result<db.SuggestionReviewDecision> {
  if (!review.privileged) return fail('forbidden', SUGGEST_MSG.reviewPrivilege);
  if (!seen) return fail('notFound', SUGGEST_MSG.notFound);
  if (seen.reviewed) return fail('conflict', SUGGEST_MSG.reviewed);
  if (seen.suggesterId === review.reviewerId) return fail('forbidden', SUGGEST_MSG.ownSuggestion);
  if (review.decision === 'reject') return succeed({ apply: false, recount: [] });
  const open = decidePosting({ closed: false, locked: seen.locked }, 'edit');
  if (!open.ok) return open;
  return succeed({ apply: true, recount: [seen.suggesterId] });
}

/** Whether the caller reviews suggested edits (moderators, and users with the privilege). */
export const reviewsSuggestions = (caller: Caller): boolean => can(caller, 'editWithoutReview');

/** One page of the suggested edits waiting, oldest first, each with its word diffs, and how many wait. */
export async function suggestedEditQueue(
  ports: Ports,
  caller: Caller,
  page: { limit: number; offset: number },
): Promise<Result<Paged<SuggestedEditItem>>> {
  if (!caller.user) return NOT_SIGNED_IN;
  if (!reviewsSuggestions(caller)) return fail('forbidden', SUGGEST_MSG.reviewPrivilege);
  const limited = await ports.limiter.hit('review', caller);
  if (limited) return limited;
  const { items, total } = await db.listSuggestedEdits(ports.db, page);
  return succeed({
    total,
    items: items.map((item) => ({
      ...item,
      diff: {
        text: wordDiff(item.text, item.suggestedText),
        ...(item.suggestedTitle === null ? {} : { title: wordDiff(item.title, item.suggestedTitle) }),
        ...(item.tags && item.suggestedTags
          ? { tags: wordDiff(item.tags.join(' '), item.suggestedTags.join(' ')) }
          : {}),
      },
    })),
  });
}

export async function reviewSuggestedEdit(
  ports: Ports,
  caller: Caller,
  input: ReviewSuggestedEditBody,
): Promise<Result<{ id: string; decision: SuggestionDecision }>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value;
  const privileged = reviewsSuggestions(caller);
  if (!privileged) return fail('forbidden', SUGGEST_MSG.reviewPrivilege);
  const limited = await ports.limiter.hit('review', caller);
  if (limited) return limited;
  const reason = input.reason ?? null;
  const reviewed = await db.reviewSuggestedEdit(
    ports.db,
    {
      id: Number(input.id),
      reviewerId: actor.userId,
      decision: input.decision,
      reason,
      notice: (suggesterId) =>
        moderationNotice(
          suggesterId,
          actor.userId,
          input.decision === 'approve' ? SUGGEST_MSG.approvedNotice : `${SUGGEST_MSG.rejectedNotice}: ${reason ?? ''}`,
        ),
    },
    {
      decide: (seen) =>
        decideSuggestionReview(seen, { reviewerId: actor.userId, privileged, decision: input.decision }),
      reputation: reputationOf,
    },
  );
  if (!reviewed.ok) return reviewed;
  const { apply, questionId, type, postId, notified, html } = reviewed.value;
  await announceUnread(ports, notified);
  if (apply) await publishEdit(ports, questionId, type, postId, html);
  await announceReviewCount(ports);
  return succeed({ id: input.id, decision: input.decision });
}

/** Open pages get an applied edit as an edit by its author would give them (a hidden question's none). */
async function publishEdit(
  ports: Ports,
  questionId: number,
  type: 'question' | 'answer',
  postId: number,
  html: string | null,
): Promise<void> {
  ports.semantic.worker.poke();
  const question = await loadQuestion(ports, questionId);
  if (!question.ok || question.value.hidden) return;
  const qid = String(questionId);
  if (html !== null)
    ports.events.toQa('bodiesUpdate', { qid, html: { [type === 'question' ? 'q' : `a${postId}`]: html } });
  if (type === 'question') publishQuestion(ports, 'questionUpdate', question.value);
  else {
    const written = await db.getAnswer(ports.db, postId);
    if (written) ports.events.toQa('commentUpdate', { type: 'answer', result: { ...written.answer, qid } });
  }
}
