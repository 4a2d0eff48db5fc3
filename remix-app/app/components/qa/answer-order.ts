/**
 * The order of answers on a question page (Stack Overflow's): the accepted answer first, then
 * by the chosen sort — score (highest first, then oldest), newest or oldest.
 */
import type { Answer, AnswerSort } from '@fso/shared';

export function orderAnswers<A extends Pick<Answer, '_id' | 'score' | 'ansDateTime'>>(
  answers: A[],
  accepted: string | null,
  sort: AnswerSort,
): A[] {
  const time = (a: A) => Date.parse(a.ansDateTime);
  const by: Record<AnswerSort, (a: A, b: A) => number> = {
    score: (a, b) => b.score - a.score || time(a) - time(b) || Number(a._id) - Number(b._id),
    newest: (a, b) => time(b) - time(a) || Number(b._id) - Number(a._id),
    oldest: (a, b) => time(a) - time(b) || Number(a._id) - Number(b._id),
  };
  return [...answers].sort((a, b) => Number(b._id === accepted) - Number(a._id === accepted) || by[sort](a, b));
}
