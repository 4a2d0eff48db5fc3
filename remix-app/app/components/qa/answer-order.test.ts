import { describe, expect, it } from 'vitest';
import { orderAnswers } from './answer-order.ts';

const answer = (id: number, score: number, minute: number) => ({
  _id: String(id),
  score,
  ansDateTime: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
});
const ids = (list: { _id: string }[]) => list.map((a) => a._id);

describe('orderAnswers', () => {
  const answers = [answer(1, 2, 0), answer(2, 5, 1), answer(3, 5, 2), answer(4, -1, 3)];

  it('puts the accepted answer first, then by score, ties oldest first', () => {
    expect(ids(orderAnswers(answers, '4', 'score'))).toEqual(['4', '2', '3', '1']);
    expect(ids(orderAnswers(answers, null, 'score'))).toEqual(['2', '3', '1', '4']);
  });

  it('sorts by newest or oldest with the accepted answer still first', () => {
    expect(ids(orderAnswers(answers, '2', 'newest'))).toEqual(['2', '4', '3', '1']);
    expect(ids(orderAnswers(answers, '3', 'oldest'))).toEqual(['3', '1', '2', '4']);
  });
});
