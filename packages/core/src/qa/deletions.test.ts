/** The deletion rules as pure functions: no database. */
import { describe, expect, it } from 'vitest';
import { fail, MSG } from '@fso/shared';
import { decideAnswerDelete, decideDelete, decideQuestionDelete } from './deletions.ts';

describe('decideDelete', () => {
  it('lets only a post’s author delete it', () => {
    expect(decideDelete({ author: 1 }, 1, MSG.commentNotFound)).toEqual({ ok: true, value: null });
    expect(decideDelete({ author: 1 }, 2, MSG.commentNotFound)).toEqual(fail('forbidden', MSG.notYourPost));
    expect(decideDelete({ author: null }, 2, MSG.commentNotFound)).toEqual(fail('forbidden', MSG.notYourPost));
    expect(decideDelete(null, 2, MSG.commentNotFound)).toEqual(fail('notFound', MSG.commentNotFound));
  });
});

describe('decideQuestionDelete', () => {
  it('refuses a question anybody else answered, and recounts the asker', () => {
    for (const answerers of [[], [1]])
      expect(decideQuestionDelete({ author: 1, answerers }, 1)).toEqual({ ok: true, value: { recount: [1] } });
    // Another user, or a deleted account, answered it.
    for (const answerers of [[2], [1, 2], [null], [1, null]])
      expect(decideQuestionDelete({ author: 1, answerers }, 1)).toEqual(fail('conflict', MSG.questionHasAnswers));
    expect(decideQuestionDelete({ author: 1, answerers: [2] }, 2)).toEqual(fail('forbidden', MSG.notYourPost));
    expect(decideQuestionDelete(null, 1)).toEqual(fail('notFound', MSG.questionNotFound));
  });
});

describe('decideAnswerDelete', () => {
  it('recounts the answerer and the asker (the votes and the accept go with the answer)', () => {
    expect(decideAnswerDelete({ author: 2, askedBy: 1 }, 2)).toEqual({ ok: true, value: { recount: [2, 1] } });
    expect(decideAnswerDelete({ author: 2, askedBy: 1 }, 1)).toEqual(fail('forbidden', MSG.notYourPost));
    expect(decideAnswerDelete(null, 1)).toEqual(fail('notFound', MSG.answerNotFound));
  });
});
