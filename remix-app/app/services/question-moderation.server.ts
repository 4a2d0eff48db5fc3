/**
 * The question page's moderation side (issue 41): what its loader adds (who may close, reopen
 * or lock; the close dialog's suggested duplicate targets from the natural-language search, as
 * the ask form's similar questions; the canonical URL of a duplicate, its target) and its
 * action's intents `close`, `reopen` and `lock`, each back to the question or refused under
 * the controls (form `moderate`).
 */
import { redirect, type AppLoadContext } from '@remix-run/node';
import { can, closeQuestion, isModerator, lockQuestion, reopenQuestion, semanticSearch, type Caller } from '@fso/core';
import { closeQuestionSchema, MOD_MSG, parseWith, type Question } from '@fso/shared';
import { targetId } from '~/components/moderation/ModControls.tsx';
import { refused } from './actions.server.ts';
import { failureHeaders, statusOf } from './respond.server.ts';

const SUGGESTIONS = 5;

export async function moderationView(
  context: AppLoadContext,
  caller: Caller,
  question: Pick<Question, '_id' | 'title' | 'closed' | 'locked'>,
  url: URL,
) {
  const mayClose = can(caller, 'closeVote');
  const closing = mayClose && url.searchParams.has('close') && !question.closed && !question.locked;
  const found = closing
    ? await semanticSearch(context.ports, caller, { text: question.title, topk: SUGGESTIONS + 1 })
    : null;
  const dup = question.closed?.reason === 'duplicate' ? question.closed.duplicateOf : undefined;
  return {
    mod: {
      mayClose,
      moderator: isModerator(caller),
      closing,
      suggestions: found?.ok
        ? found.value
            .filter((h) => h._id !== question._id)
            .slice(0, SUGGESTIONS)
            .map(({ _id, title }) => ({ _id, title }))
        : [],
    },
    canonical: `${url.origin}/question/${dup ?? question._id}`,
  };
}

export async function moderationAction(
  context: AppLoadContext,
  caller: Caller,
  questionId: number,
  fields: Record<string, string>,
): Promise<Response | ReturnType<typeof refused> | null> {
  const back = redirect(`/question/${questionId}`);
  if (fields.intent === 'close') {
    const duplicate = fields.reason === 'duplicate';
    const target = duplicate ? targetId(fields.duplicateOf, fields.target) : null;
    if (duplicate && target === null) return refused('moderate', MOD_MSG.duplicateNeedsTarget);
    const parsed = parseWith(closeQuestionSchema, {
      qid: String(questionId),
      reason: fields.reason,
      ...(target === null ? {} : { duplicateOf: target }),
    });
    if (!parsed.ok) return refused('moderate', parsed.message);
    const { reason, duplicateOf } = parsed.value;
    const outcome = await closeQuestion(context.ports, caller, {
      questionId,
      reason,
      ...(duplicateOf === undefined ? {} : { duplicateOf: Number(duplicateOf) }),
    });
    return outcome.ok ? back : refused('moderate', outcome.message, statusOf(outcome), failureHeaders(outcome));
  }
  if (fields.intent === 'reopen' || fields.intent === 'lock') {
    const outcome =
      fields.intent === 'reopen'
        ? await reopenQuestion(context.ports, caller, { questionId })
        : await lockQuestion(context.ports, caller, { questionId, locked: fields.locked === 'true' });
    return outcome.ok ? back : refused('moderate', outcome.message, statusOf(outcome), failureHeaders(outcome));
  }
  return null;
}
