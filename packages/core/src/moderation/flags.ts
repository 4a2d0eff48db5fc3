/**
 * Flagging a post (POST /flag/addFlag and the flag form on question pages): counted against the
 * daily cap, decided by `decideFlag` under the post's lock; a flag that hides its post tells the
 * open pages at once (a hidden question leaves lists and pages as a deleted one does; a hidden
 * answer or comment leaves its question), and moderators get the queue's new size.
 */
import * as db from '@fso/db';
import { FLAG_MSG, type AddFlagBody, type FlagPostType } from '@fso/shared';
import { renderMarkdown } from '@fso/markdown';
import { actorNamed } from '../caller.ts';
import type { Caller, Ports } from '../ports.ts';
import { publishQuestion } from '../qa/publish.ts';
import { loadQuestion } from '../qa/questions.ts';
import { succeed, type Result } from '../result.ts';
import { decideFlag } from './flag-rules.ts';
import { announceReviewCount } from './review-count.ts';

export async function flagPost(
  ports: Ports,
  caller: Caller,
  input: AddFlagBody,
): Promise<Result<{ message: string; hidden: boolean }>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value;
  const limited = await ports.limiter.hit('flag', caller);
  if (limited) return limited;
  const flag = {
    type: input.type,
    id: Number(input.id),
    userId: actor.userId,
    reason: input.reason,
    text: input.text ?? null,
    duplicateOf: input.duplicateOf === undefined ? null : Number(input.duplicateOf),
  };
  const outcome = await db.addFlag(ports.db, flag, (seen) =>
    decideFlag(seen, { flaggerId: actor.userId, reason: input.reason }),
  );
  if (!outcome.ok) return outcome;
  if (outcome.value.hide) await publishPostChange(ports, input.type, flag.id, outcome.value.questionId, 'gone');
  await announceReviewCount(ports);
  return succeed({ message: FLAG_MSG.flagged, hidden: outcome.value.hide });
}

/**
 * Tells the open pages that a post left (hidden or deleted: `gone`) or came back (`shown`: its
 * flags dismissed, or held and approved): a question is deleted from lists and pages or
 * published again (to the lists as a new one); an answer that came back is published as a new
 * answer is; an answer's or a comment's question is published again without it (or with it:
 * questionUpdate replaces the whole question).
 */
export async function publishPostChange(
  ports: Ports,
  type: FlagPostType,
  id: number,
  questionId: number,
  change: 'gone' | 'shown',
): Promise<void> {
  if (type === 'question' && change === 'gone') {
    ports.events.toQa('questionDelete', { qid: String(id) });
    return;
  }
  const question = await loadQuestion(ports, questionId);
  if (!question.ok || question.value.hidden) return;
  if (type === 'answer' && change === 'shown') {
    const shown = await db.getAnswer(ports.db, id);
    if (shown) {
      const html = renderMarkdown(shown.answer.text);
      ports.events.toQa('bodiesUpdate', { qid: String(questionId), html: { [`a${id}`]: html } });
      ports.events.toQa('answerUpdate', { qid: String(questionId), answer: shown.answer });
    }
  }
  publishQuestion(ports, 'questionUpdate', question.value, type === 'question' ? 'questionAsked' : 'rowUpdate');
}
