/**
 * How live events change a question list (`/home`): a row's votes, views, answers and accepted
 * mark change in place (rowUpdate carries the row, never the whole question: issue 39 item 8); a deleted question leaves the list; a question asked after the list was
 * read, and that the list would show (no search; its tag, if a tag's list), is only counted for
 * the "N new questions — show" bar, so the list never jumps under the reader.
 */
import type { QuestionSummary } from '@fso/shared';
import type { Deltas } from './useLive.ts';

/** What a list row carries (the loader sends only what the list shows: no voter or answer lists). */
type Row = Pick<QuestionSummary, '_id' | 'title' | 'answerCount' | 'acceptedAnswer' | 'score' | 'viewCount'> & {
  tags: { _id: string; name: string }[];
};

export interface ListView<R extends Row> {
  questions: R[];
  /** Ids of questions asked since the list was read, not shown yet. */
  fresh: string[];
}

export interface ListScope {
  /** When the list was read (ms since epoch, the server's clock). */
  since: number;
  tag: string;
  search: string;
}

export function listDeltas<R extends Row>(scope: ListScope): Deltas<ListView<R>> {
  const patch = (view: ListView<R>, id: string, change: (row: R) => R): ListView<R> =>
    view.questions.some((q) => q._id === id)
      ? { ...view, questions: view.questions.map((q) => (q._id === id ? change(q) : q)) }
      : view;
  const wouldShow = (q: { tags: { name: string }[]; askDateTime: string }) =>
    !scope.search &&
    Date.parse(q.askDateTime) > scope.since &&
    (!scope.tag || q.tags.some((t) => t.name.toLowerCase() === scope.tag.toLowerCase()));
  return {
    voteUpdate: (view, p) => patch(view, p.qid, (row) => ({ ...row, score: p.upVotes.length - p.downVotes.length })),
    acceptUpdate: (view, p) => patch(view, p.qid, (row) => ({ ...row, acceptedAnswer: p.aid })),
    questionDelete: (view, p) => ({
      questions: view.questions.filter((q) => q._id !== p.qid),
      fresh: view.fresh.filter((id) => id !== p.qid),
    }),
    rowUpdate: (view, q) =>
      patch(view, q._id, (row) => ({
        ...row,
        title: q.title,
        tags: q.tags.map((t) => ({ _id: t._id, name: t.name })),
        answerCount: q.answerCount,
        acceptedAnswer: q.acceptedAnswer,
        score: q.score,
        viewCount: q.viewCount,
      })),
    questionAsked: (view, q) =>
      wouldShow(q) && !view.fresh.includes(q._id) && !view.questions.some((row) => row._id === q._id)
        ? { ...view, fresh: [...view.fresh, q._id] }
        : view,
  };
}
