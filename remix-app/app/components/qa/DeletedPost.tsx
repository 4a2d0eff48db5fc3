/**
 * One of the viewer's own deleted posts as only its author sees it (issue 42, docs/decisions/0096):
 * tinted, with a "deleted" notice saying until when it can come back, and an Undelete button that
 * posts to the question page's action (a plain form: it works without JavaScript).
 */
import { Form } from '@remix-run/react';
import { calendarDate, relativeTime } from '@fso/shared';
import type { DeletedPostView } from '@fso/core';
import { FormError } from '../FormError.tsx';
import { PostBody } from './PostBody.tsx';
import { TagList } from './TagList.tsx';

export function DeletedPost({ post, now, error }: { post: DeletedPostView; now: number; error?: string | null }) {
  const heading = `deleted-${post.kind}-${post.id}-notice`;
  return (
    <section className="deleted-post" id={`deleted-${post.kind}-${post.id}`} aria-labelledby={heading}>
      <p className="deleted-notice" id={heading}>
        <strong>Deleted</strong>{' '}
        <time dateTime={post.deletedAt} suppressHydrationWarning>
          {relativeTime(new Date(post.deletedAt), new Date(now))}
        </time>
        . Only you can see this {post.kind}. You can undelete it until{' '}
        <time dateTime={post.undeleteUntil} suppressHydrationWarning>
          {calendarDate(new Date(post.undeleteUntil))}
        </time>
        .
      </p>
      <PostBody html={post.html} />
      {post.kind === 'question' ? <TagList tags={post.tags.map((name) => ({ _id: name, name }))} /> : null}
      <Form method="post" action={`/question/${post.qid}`} className="row">
        <input type="hidden" name="kind" value={post.kind} />
        <input type="hidden" name="post" value={post.id} />
        <button type="submit" name="intent" value="undelete">
          Undelete {post.kind}
        </button>
      </Form>
      <FormError message={error} />
    </section>
  );
}
