/**
 * The SPEC §3 entity shapes as they travel over REST and sockets: `_id` strings, ISO dates,
 * usernames for people. The database layer maps its rows onto these.
 */
import type { Closure, Suspension } from './moderation.ts';
import type { Role } from './privileges.ts';

export interface SafeUser {
  _id: string;
  username: string;
  biography: string;
  dateJoined: string;
  /** Stack Overflow reputation (docs/decisions/0020); absent only in payloads built without a database row. */
  reputation?: number;
  /** `user`, `moderator` or `admin` (privileges.ts); absent only in payloads built without a database row. */
  role?: Role;
  /** The suspension in force, only on a profile (getUser and the profile screen) while it lasts (issue 41). */
  suspension?: Suspension;
  /** Only in the signed-in user's own answer to an external sign-in (POST /user/firebaseLogin). */
  email?: string | null;
  firebaseId?: string;
}

export type UserUpdateType = 'created' | 'updated' | 'deleted';
export interface UserUpdatePayload {
  user: SafeUser;
  type: UserUpdateType;
}

export interface Tag {
  _id: string;
  name: string;
  description: string;
}

export interface TagWithCount extends Tag {
  qcnt: number;
}

export interface Comment {
  _id: string;
  text: string;
  /** null once the author's account is deleted. */
  commentBy: string | null;
  commentDateTime: string;
  /** How many users upvoted it (issue 42; comments take no downvotes). */
  score: number;
}

export interface Answer {
  _id: string;
  text: string;
  ansBy: string | null;
  ansDateTime: string;
  comments: Comment[];
  source?: Attribution | null;
  /** Votes on the answer, as on a question (SPEC §3's upVotes/downVotes), and their sum. */
  upVotes: string[];
  downVotes: string[];
  score: number;
  /** When its author last edited it; null when never. */
  editedAt: string | null;
}

/** CC BY-SA attribution of an imported post. */
export interface Attribution {
  url: string;
  author: string | null;
  authorUrl: string | null;
}

/** A question as SPEC §3 shapes it, populated; counts are authoritative over list lengths. */
export interface Question {
  _id: string;
  title: string;
  text: string;
  tags: Tag[];
  askedBy: string | null;
  askDateTime: string;
  answers: Answer[];
  comments: Comment[];
  upVotes: string[];
  downVotes: string[];
  /** The signed-in users who viewed it (SPEC: its length is the view count). */
  views: string[];
  viewCount: number;
  score: number;
  source: Attribution | null;
  /** The `_id` of the answer the asker accepted, or null. */
  acceptedAnswer: string | null;
  /** When its author last edited it; null when never. */
  editedAt: string | null;
  /** Its latest activity: asked, edited, answered or commented on. */
  lastActivity: string;
  /** Closed (issue 41): why, the question it duplicates, who closed it and when; null while open. Always on a single question, absent in lists. */
  closed?: Closure | null;
  /** Pending votes: to close while open, to reopen while closed. */
  closeVotes?: number;
  /** Locked by a moderator: no answers, comments, votes or edits. */
  locked?: boolean;
}

/**
 * A question as its page reads it: each body comes as stored HTML beside it (keyed `q`, `a<id>`,
 * `c<id>`), so no post carries its Markdown (docs/decisions/0078).
 */
export interface PageQuestion extends Omit<Question, 'text' | 'answers' | 'comments'> {
  answers: PageAnswer[];
  comments: PageComment[];
}
export interface PageAnswer extends Omit<Answer, 'text' | 'comments'> {
  comments: PageComment[];
}
export type PageComment = Omit<Comment, 'text'>;

/** A question in a list: the same fields, with answers and comments as ids and an excerpt as text. */
export interface QuestionSummary extends Omit<Question, 'answers' | 'comments' | 'source'> {
  answers: string[];
  comments: string[];
  answerCount: number;
}

/**
 * What a post said before one edit (GET /question/getRevisions/:qid, /answer/getRevisions/:aid):
 * who edited it and when; `title` and `tags` only for questions.
 */
export interface Revision {
  _id: string;
  editedBy: string | null;
  editedAt: string;
  title?: string;
  tags?: string[];
  text: string;
  /** What the editor said the edit does ('' when nothing). */
  summary: string;
}

/** A run of two versions of a text: kept (`0`), added in the newer one (`1`), or removed from the older one (`-1`). */
export type DiffPart = [kind: -1 | 0 | 1, text: string];

/** What one edit changed, as word diffs; a field the edit left alone is absent (`title` and `tags`: questions only). */
export interface RevisionDiff {
  title?: DiffPart[];
  tags?: DiffPart[];
  text?: DiffPart[];
}

/** One page of a list with the number of items in the whole list. */
export interface Paged<T> {
  total: number;
  items: T[];
}

/** GET /user/getUserActivity/:username (docs/decisions/0021). */
export interface UserActivity {
  username: string;
  biography: string;
  dateJoined: string;
  reputation: number;
  questions: Paged<{
    _id: string;
    title: string;
    score: number;
    answerCount: number;
    accepted: boolean;
    askDateTime: string;
  }>;
  answers: Paged<{ _id: string; qid: string; title: string; score: number; accepted: boolean; ansDateTime: string }>;
}
