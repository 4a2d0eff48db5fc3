/**
 * How new questions (questionAsked) change the `/tags` list: a question asked after the list was read (server
 * clock) adds one to each of its tags' counts, once, in place (the list does not reorder under
 * the reader); a tag the list has never shown is appended when the list is the only page (so it
 * must be new), and counted in the total. Edits and deletions are not sent to this page (it
 * would need the question's previous tags): its counts catch up on the next read.
 */
import type { TagWithCount } from '@fso/shared';
import type { Deltas } from './useLive.ts';

export interface TagListView {
  tags: TagWithCount[];
  total: number;
  /** Questions already counted, so an answer or edit of a new question is not counted again. */
  counted: string[];
}

export function tagDeltas(scope: { since: number; onlyPage: boolean }): Deltas<TagListView> {
  return {
    questionAsked: (view, q) => {
      if (Date.parse(q.askDateTime) <= scope.since || view.counted.includes(q._id)) return view;
      const names = new Set(q.tags.map((t) => t.name.toLowerCase()));
      const tags = view.tags.map((t) => (names.has(t.name.toLowerCase()) ? { ...t, qcnt: t.qcnt + 1 } : t));
      const added = scope.onlyPage
        ? q.tags.filter((t) => !view.tags.some((shown) => shown.name.toLowerCase() === t.name.toLowerCase()))
        : [];
      return {
        tags: [...tags, ...added.map((t) => ({ ...t, qcnt: 1 }))],
        total: view.total + added.length,
        counted: [...view.counted, q._id],
      };
    },
  };
}
