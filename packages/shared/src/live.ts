/**
 * Who receives each live Q&A event (docs/decisions/0033-live-deltas-and-subscriptions.md).
 * A page tells the realtime service what it shows with `watch`; a socket that never does (a
 * SPEC client) stays in the `live:all` room and receives every public Q&A event as before.
 * Rooms: `question:<id>` (a question page: every event of that question, with rendered HTML),
 * `row:<id>` (a list row: what changes it, as a row), `list:new` (list pages: questionAsked, so
 * a question asked after the page was read shows up in its "new questions" bar). A list page gets
 * rows, never whole questions (issue 39 item 8).
 */
import { z } from 'zod';
import type { AckCallback } from './ack.ts';
import { idSchema } from './qa.schemas.ts';
import { MSG } from './messages.ts';
import type { QaServerEvents } from './qa-events.ts';

export const liveRooms = {
  /** Sockets that watch nothing: every public Q&A event (SPEC §7 clients). */
  everything: 'live:all',
  /** Signed-in sockets: messageUpdate, userUpdate and the other events only members may see. */
  members: 'live:members',
  question: (qid: string) => `question:${qid}`,
  row: (qid: string) => `row:${qid}`,
  newQuestions: 'list:new',
};

/** The most rows a list page may watch at once (its page size is 20; /users shows none). */
export const WATCH_ROWS_MAX = 100;

/** What a page shows: one question, or a list's rows (plus new questions). */
export const watchSchema = z.union(
  [z.object({ question: idSchema }).strict(), z.object({ list: z.array(idSchema).max(WATCH_ROWS_MAX) }).strict()],
  { error: MSG.invalidWatch },
);
export type WatchTopic = z.infer<typeof watchSchema>;

export interface LiveClientEvents {
  /** Replaces what this socket watches; the only event a visitor's socket may send. */
  watch: (topic: WatchTopic, ack?: AckCallback) => void;
}

export type QaArgs = { [E in keyof QaServerEvents]: Parameters<QaServerEvents[E]> };
/** Per event: its question, the rooms beside its question page's, and whether that page gets it too (default). */
type Audience = {
  [E in keyof QaArgs]: { qid: (...args: QaArgs[E]) => string; rooms: ('everything' | 'row' | 'new')[]; page?: false };
};

const AUDIENCE: Audience = {
  questionUpdate: { qid: (q) => q._id, rooms: ['everything'] },
  rowUpdate: { qid: (r) => r._id, rooms: ['row'], page: false },
  questionAsked: { qid: (r) => r._id, rooms: ['new'], page: false },
  answerUpdate: { qid: (p) => p.qid, rooms: ['everything'] },
  viewsUpdate: { qid: (q) => q._id, rooms: ['everything'] },
  commentUpdate: { qid: (p) => (p.type === 'question' ? p.result._id : p.result.qid), rooms: ['everything'] },
  voteUpdate: { qid: (p) => p.qid, rooms: ['everything', 'row'] },
  answerVoteUpdate: { qid: (p) => p.qid, rooms: ['everything'] },
  acceptUpdate: { qid: (p) => p.qid, rooms: ['everything', 'row'] },
  questionDelete: { qid: (p) => p.qid, rooms: ['everything', 'row'] },
  answerDelete: { qid: (p) => p.qid, rooms: [] },
  bodiesUpdate: { qid: (p) => p.qid, rooms: [] },
};

/** The rooms one Q&A event goes to: its question's page (unless a list's event), and the rooms its kind reaches. */
export function qaAudience<E extends keyof QaArgs>(event: E, ...args: QaArgs[E]): string[] {
  const { qid, rooms, page } = AUDIENCE[event];
  const id = qid(...args);
  const named = { everything: liveRooms.everything, row: liveRooms.row(id), new: liveRooms.newQuestions };
  return [...(page === false ? [] : [liveRooms.question(id)]), ...rooms.map((r) => named[r])];
}

/** The rooms a socket joins for a topic (it leaves every watch room it held before). */
export const watchRooms = (topic: WatchTopic): string[] =>
  'question' in topic
    ? [liveRooms.question(topic.question)]
    : [liveRooms.newQuestions, ...topic.list.map(liveRooms.row)];

/** Whether a room is one that `watch` manages (so a new topic can drop the old one). */
export const isWatchRoom = (room: string): boolean =>
  room === liveRooms.everything || room === liveRooms.newQuestions || /^(question|row):/.test(room);
