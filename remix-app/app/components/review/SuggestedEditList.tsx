/**
 * The review screen's "Suggested edits" tab: each waiting suggestion with who suggested it, when,
 * on which post, and word diffs of its title, tags and text; Approve, or Reject with a reason.
 * Plain forms posting to /review, so it works without JavaScript.
 */
import { Form, Link } from '@remix-run/react';
import { answerHref, relativeTime, SUGGESTION_REASON_MAX, type SuggestedEditItem } from '@fso/shared';
import { replyError, type ActionReply } from '../action-reply.ts';
import { FormError } from '../FormError.tsx';
import { Diff } from '../qa/Diff.tsx';

export function SuggestedEditList({ items, posted }: { items: SuggestedEditItem[]; posted?: ActionReply }) {
  const now = Date.now();
  return (
    <ol className="review-list">
      {items.map((item) => (
        <li key={item.id} className="review-item">
          <h2>
            Edit of {item.type === 'question' ? 'a question' : 'an answer'} suggested by{' '}
            {item.suggester ?? 'a deleted user'}
          </h2>
          <p className="muted">
            On{' '}
            <Link
              to={item.type === 'question' ? `/question/${item.questionId}` : answerHref(item.questionId, item.postId)}
            >
              {item.title}
            </Link>{' '}
            · suggested{' '}
            <time dateTime={item.createdAt} suppressHydrationWarning>
              {relativeTime(new Date(item.createdAt), new Date(now))}
            </time>
          </p>
          <Diff label="Title" parts={item.diff.title} />
          <Diff label="Tags" parts={item.diff.tags} />
          <Diff label="Text" parts={item.diff.text} />
          <Form method="post" className="review-actions">
            <input type="hidden" name="suggestion" value={item.id} />
            <button type="submit" name="intent" value="approve">
              Approve edit
            </button>
            <label className="field" htmlFor={`reject-reason-${item.id}`}>
              Reason to reject
              <input
                id={`reject-reason-${item.id}`}
                name="reason"
                maxLength={SUGGESTION_REASON_MAX}
                autoComplete="off"
              />
            </label>
            <button type="submit" name="intent" value="reject" className="danger">
              Reject edit
            </button>
            <FormError message={replyError(posted, `suggestion:${item.id}`)} />
          </Form>
        </li>
      ))}
    </ol>
  );
}
