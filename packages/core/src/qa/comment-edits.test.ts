/** The comment edit rule as a pure function: no database. */
import { describe, expect, it } from 'vitest';
import { COMMENT_EDIT_WINDOW_MS, commentEditable, fail, MSG } from '@fso/shared';
import { decideCommentEdit } from './comment-edits.ts';

const now = new Date('2026-12-06T12:00:00Z');
const postedAgo = (ms: number) => ({ author: 1, postedAt: new Date(now.getTime() - ms) });

describe('decideCommentEdit', () => {
  it('lets the author edit for five minutes after posting', () => {
    expect(decideCommentEdit(postedAgo(0), 1, now)).toEqual({ ok: true, value: null });
    expect(decideCommentEdit(postedAgo(COMMENT_EDIT_WINDOW_MS), 1, now)).toEqual({ ok: true, value: null });
    expect(commentEditable(postedAgo(COMMENT_EDIT_WINDOW_MS).postedAt, now)).toBe(true);
  });

  it('refuses after five minutes, somebody else, and a missing comment', () => {
    expect(decideCommentEdit(postedAgo(COMMENT_EDIT_WINDOW_MS + 1), 1, now)).toEqual(
      fail('conflict', MSG.commentEditTooLate),
    );
    expect(commentEditable(postedAgo(COMMENT_EDIT_WINDOW_MS + 1).postedAt, now)).toBe(false);
    expect(decideCommentEdit(postedAgo(0), 2, now)).toEqual(fail('forbidden', MSG.notYourPost));
    expect(decideCommentEdit({ author: null, postedAt: now }, 2, now)).toEqual(fail('forbidden', MSG.notYourPost));
    expect(decideCommentEdit(null, 1, now)).toEqual(fail('notFound', MSG.commentNotFound));
  });
});
