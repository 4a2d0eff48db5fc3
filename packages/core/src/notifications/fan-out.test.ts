/** Who is told of a moderator's action and who is mailed a new question in a watched tag, as pure functions: no database. */
import { describe, expect, it } from 'vitest';
import { moderationNotice, watchedQuestionMailTo } from './fan-out.ts';

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
