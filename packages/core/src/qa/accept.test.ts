/** The accept rule as a pure function: no database. */
import { describe, expect, it } from 'vitest';
import { fail, MSG } from '@fso/shared';
import { decideAccept } from './accept.ts';

const asker = 1;
const question = (accepted: { id: number; author: number | null } | null = null) => ({ askedBy: asker, accepted });

describe('decideAccept', () => {
  it('accepts, moves the mark and un-accepts, recounting everybody whose reputation moves', () => {
    const answer = { id: 10, author: 2 };
    expect(decideAccept({ question: question(), answer }, asker)).toEqual({
      ok: true,
      value: { accepted: 10, recount: [asker, 2, null], notify: [{ userId: 2, kind: 'accepted' }] },
    });
    expect(decideAccept({ question: question({ id: 11, author: 3 }), answer }, asker)).toEqual({
      ok: true,
      value: { accepted: 10, recount: [asker, 2, 3], notify: [{ userId: 2, kind: 'accepted' }] },
    });
    expect(decideAccept({ question: question(answer), answer }, asker)).toEqual({
      ok: true,
      value: { accepted: null, recount: [asker, 2, 2], notify: [] },
    });
  });

  it('notifies nobody when the asker accepts their own answer', () => {
    expect(decideAccept({ question: question(), answer: { id: 10, author: asker } }, asker)).toMatchObject({
      value: { accepted: 10, notify: [] },
    });
  });

  it('lets only the asker accept, an answer of that question', () => {
    const answer = { id: 10, author: 2 };
    expect(decideAccept({ question: null, answer: null }, asker)).toEqual(fail('notFound', MSG.questionNotFound));
    expect(decideAccept({ question: question(), answer }, 2)).toEqual(fail('forbidden', MSG.onlyAskerAccepts));
    expect(decideAccept({ question: { askedBy: null, accepted: null }, answer }, asker)).toEqual(
      fail('forbidden', MSG.onlyAskerAccepts),
    );
    expect(decideAccept({ question: question(), answer: null }, asker)).toEqual(
      fail('notFound', MSG.answerNotOfQuestion),
    );
  });
});
