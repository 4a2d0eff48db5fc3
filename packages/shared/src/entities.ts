/**
 * The SPEC §3 entity shapes as they travel over REST and sockets: `_id` strings, ISO dates,
 * usernames for people. The database layer maps its rows onto these.
 */
export interface SafeUser {
  _id: string;
  username: string;
  biography: string;
  dateJoined: string;
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
}

export interface Answer {
  _id: string;
  text: string;
  ansBy: string | null;
  ansDateTime: string;
  comments: Comment[];
  source?: Attribution | null;
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
}

/** A question in a list: the same fields, with answers and comments as ids and an excerpt as text. */
export interface QuestionSummary extends Omit<Question, 'answers' | 'comments' | 'source'> {
  answers: string[];
  comments: string[];
  answerCount: number;
  lastActivity: string;
}
