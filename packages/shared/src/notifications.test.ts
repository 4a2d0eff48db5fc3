import { describe, expect, it } from 'vitest';
import {
  excerptOf,
  markReadBodySchema,
  postExcerptOf,
  mentionedUsernames,
  notificationLink,
  planNotifications,
} from './notifications.ts';
import { parseWith } from './validate.ts';

describe('mentions', () => {
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

describe('who is notified', () => {
  it('notifies the owner of the kind, and other mentioned users of a mention', () => {
    expect(planNotifications({ kind: 'answer', actorId: 2, ownerIds: [1], mentionedIds: [3] })).toEqual([
      { userId: 1, kind: 'answer' },
      { userId: 3, kind: 'mention' },
    ]);
    expect(planNotifications({ kind: 'comment', actorId: 2, ownerIds: [1] })).toEqual([{ userId: 1, kind: 'comment' }]);
    expect(planNotifications({ kind: 'accepted', actorId: 1, ownerIds: [2] })).toEqual([
      { userId: 2, kind: 'accepted' },
    ]);
    expect(planNotifications({ kind: 'message', actorId: 1, ownerIds: [1, 2] })).toEqual([
      { userId: 2, kind: 'message' },
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

describe('shapes', () => {
  it('links to the answer on the question page, to the question, or to the chat', () => {
    expect(notificationLink({ qid: '5', aid: '7', chatId: null })).toBe('/question/5?answer=7#answer-7');
    expect(notificationLink({ qid: '5', aid: null, chatId: null })).toBe('/question/5');
    expect(notificationLink({ qid: null, aid: null, chatId: '9' })).toBe('/messaging/direct-message?chat=9');
  });

  it('cuts excerpts to one line of at most 160 characters', () => {
    expect(excerptOf('  two\n\nlines  ')).toBe('two lines');
    const long = excerptOf('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('…')).toBe(true);
  });

  it("gives a post's excerpt as the text a reader sees, not its Markdown (issue 42)", () => {
    expect(postExcerptOf('Use **bold** and [the docs](https://example.com/d),\n\n`code` too.')).toBe(
      'Use bold and the docs, code too.',
    );
  });

  it('accepts {ids} or {all: true} for markRead and explains anything else', () => {
    expect(parseWith(markReadBodySchema, { ids: ['1', 2] })).toEqual({ ok: true, value: { ids: ['1', '2'] } });
    expect(parseWith(markReadBodySchema, { ids: ['x'] })).toMatchObject({ message: 'That id is not valid.' });
    expect(parseWith(markReadBodySchema, { all: true })).toEqual({ ok: true, value: { all: true } });
    for (const bad of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { ids: ['1'], all: true }, []]) {
      const parsed = parseWith(markReadBodySchema, bad);
      expect(parsed.ok).toBe(false);
    }
    expect(parseWith(markReadBodySchema, {})).toMatchObject({
      message: 'Send {"ids": [notification ids]} or {"all": true}.',
    });
    expect(parseWith(markReadBodySchema, { ids: Array.from({ length: 201 }, (_, i) => i + 1) })).toMatchObject({
      message: 'Mark at most 200 notifications at once.',
    });
  });
});
