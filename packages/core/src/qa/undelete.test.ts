/** The undelete rule as a pure function: no database. */
import { describe, expect, it } from 'vitest';
import { fail, MSG, UNDELETE_WINDOW_MS } from '@fso/shared';
import { decideUndelete, undeletableSince } from './undelete.ts';

const now = new Date('2026-12-06T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const kept = { deletedAt: ago(60_000), askedBy: 1, questionGone: false, wasAccepted: false, questionAccepts: false };
const question = { ...kept, kind: 'question' as const, author: 1 };
const answer = { ...kept, kind: 'answer' as const, author: 2 };

describe('decideUndelete', () => {
  it('lets the author undelete within the window, recounting the author (and the asker for an answer)', () => {
    expect(decideUndelete(question, 1, now)).toEqual({ ok: true, value: { recount: [1], accept: false } });
    expect(decideUndelete(answer, 2, now)).toEqual({ ok: true, value: { recount: [2, 1], accept: false } });
    expect(decideUndelete({ ...answer, deletedAt: ago(UNDELETE_WINDOW_MS) }, 2, now).ok).toBe(true);
  });

  it('tells nobody else that the post exists', () => {
    expect(decideUndelete(question, 2, now)).toEqual(fail('notFound', MSG.deletedPostNotFound));
    expect(decideUndelete(null, 1, now)).toEqual(fail('notFound', MSG.deletedPostNotFound));
  });

  it('refuses once the window has passed, and an answer whose question is gone', () => {
    expect(decideUndelete({ ...question, deletedAt: ago(UNDELETE_WINDOW_MS + 1) }, 1, now)).toEqual(
      fail('conflict', MSG.undeleteTooLate),
    );
    expect(decideUndelete({ ...answer, questionGone: true, askedBy: null }, 2, now)).toEqual(
      fail('conflict', MSG.undeleteQuestionGone),
    );
  });

  it('gives an accepted post its accept back, unless its question has accepted another answer since', () => {
    const accepted = { ...answer, wasAccepted: true };
    expect(decideUndelete(accepted, 2, now)).toMatchObject({ ok: true, value: { accept: true } });
    expect(decideUndelete({ ...accepted, questionAccepts: true }, 2, now)).toMatchObject({
      ok: true,
      value: { accept: false },
    });
    expect(decideUndelete({ ...question, wasAccepted: true }, 1, now)).toMatchObject({
      ok: true,
      value: { accept: true },
    });
  });

  it('counts the window back from now', () => {
    expect(undeletableSince(now).getTime()).toBe(now.getTime() - UNDELETE_WINDOW_MS);
  });
});
