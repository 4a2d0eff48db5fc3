/** Who is told of an answer, comment, accept, message or moderator's action, and who is mailed a new question in a watched tag, as pure functions: no database. */
import { describe, expect, it } from 'vitest';
import {
  mentionedUsernames,
  moderationNotice,
  notifyRule,
  planNotifications,
  watchedQuestionMailTo,
} from './fan-out.ts';

describe('mentionedUsernames', () => {
  it('reads @names at word starts, lower-cased, once each, ignoring emails, code and a sentence-ending dot', () => {
    expect(mentionedUsernames('Thanks @Alice and @bob.smith, see @alice again. Ask @carol.')).toEqual([
      'alice',
      'bob.smith',
      'carol',
    ]);
    expect(mentionedUsernames('mail me at dave@example.com or (@erin)')).toEqual(['erin']);
    expect(mentionedUsernames('run `npm i @types/node` then\n```\n@decorator\n```\n@frank')).toEqual(['frank']);
    expect(mentionedUsernames('no mentions here, just an @ sign')).toEqual([]);
  });

  it('keeps at most ten names from one post', () => {
    const text = Array.from({ length: 15 }, (_, i) => `@user${i}`).join(' ');
    expect(mentionedUsernames(text)).toHaveLength(10);
  });
});

describe('planNotifications', () => {
  it('notifies the owner of the kind, and other mentioned users of a mention', () => {
    expect(planNotifications({ kind: 'answer', actorId: 2, ownerIds: [1], mentionedIds: [3] })).toEqual([
      { userId: 1, kind: 'answer' },
      { userId: 3, kind: 'mention' },
    ]);
    expect(planNotifications({ kind: 'comment', actorId: 2, ownerIds: [1] })).toEqual([{ userId: 1, kind: 'comment' }]);
    expect(planNotifications({ kind: 'accepted', actorId: 1, ownerIds: [2] })).toEqual([
      { userId: 2, kind: 'accepted' },
    ]);
  });

  it("notifies a question's followers of the kind, unless they own the post or are mentioned", () => {
    expect(
      planNotifications({ kind: 'comment', actorId: 2, ownerIds: [1], mentionedIds: [3], followerIds: [1, 2, 3, 4] }),
    ).toEqual([
      { userId: 1, kind: 'comment' },
      { userId: 3, kind: 'mention' },
      { userId: 4, kind: 'comment' },
    ]);
  });

  it("notifies a direct message's other participants, never its author", () => {
    expect(planNotifications({ kind: 'message', actorId: 1, ownerIds: [1, 2] })).toEqual([
      { userId: 2, kind: 'message' },
    ]);
    expect(planNotifications({ kind: 'message', actorId: 1, ownerIds: [1] })).toEqual([]);
  });

  it('never notifies the actor of their own action, nor anybody twice, nor a deleted owner', () => {
    expect(planNotifications({ kind: 'answer', actorId: 1, ownerIds: [1], mentionedIds: [1] })).toEqual([]);
    expect(planNotifications({ kind: 'accepted', actorId: 1, ownerIds: [1] })).toEqual([]);
    expect(planNotifications({ kind: 'comment', actorId: 2, ownerIds: [1], mentionedIds: [1, 1] })).toEqual([
      { userId: 1, kind: 'comment' },
    ]);
    expect(planNotifications({ kind: 'comment', actorId: 2, ownerIds: [null], mentionedIds: [3] })).toEqual([
      { userId: 3, kind: 'mention' },
    ]);
  });
});

describe('notifyRule', () => {
  it('is what db applies to a post: the names its text mentions, and the plan of what db loaded', () => {
    expect(notifyRule.mentions('cc @Dave and @nobody-here')).toEqual(['dave', 'nobody-here']);
    expect(
      notifyRule.plan({ kind: 'answer', actorId: 2, ownerIds: [1], mentionedIds: [4], followerIds: [1, 5] }),
    ).toEqual([
      { userId: 1, kind: 'answer' },
      { userId: 4, kind: 'mention' },
      { userId: 5, kind: 'answer' },
    ]);
  });
});

describe('moderationNotice', () => {
  it('tells the user the action concerns, in its words', () => {
    expect(moderationNotice(7, 1, 'locked your question “Q”')).toEqual({
      to: [7],
      excerpt: 'locked your question “Q”',
    });
  });

  it('tells nobody when the actor acted on their own post, or the account is gone', () => {
    expect(moderationNotice(1, 1, 'closed your question').to).toEqual([]);
    expect(moderationNotice(null, 1, 'deleted your answer').to).toEqual([]);
  });
});

describe('watchedQuestionMailTo', () => {
  const watcher = (userId: number, more: { hasAddress?: boolean; cadence?: 'immediately' | 'daily' | null } = {}) => ({
    userId,
    hasAddress: more.hasAddress ?? true,
    cadence: more.cadence === undefined ? 'immediately' : more.cadence,
  });

  it('mails the watchers with an address who want it at once, never the asker', () => {
    const watchers = [watcher(1), watcher(2), watcher(3, { hasAddress: false }), watcher(4, { cadence: 'daily' })];
    expect(watchedQuestionMailTo({ askerId: 1, held: false }, watchers)).toEqual([2]);
  });

  it('reads a watcher who never chose by the default cadence (weekly: no mail at once)', () => {
    expect(watchedQuestionMailTo({ askerId: 1, held: false }, [watcher(2, { cadence: null })])).toEqual([]);
  });

  it('mails nobody while the question is held for review; a deleted asker excludes nobody', () => {
    expect(watchedQuestionMailTo({ askerId: 1, held: true }, [watcher(2)])).toEqual([]);
    expect(watchedQuestionMailTo({ askerId: null, held: false }, [watcher(2)])).toEqual([2]);
  });
});
