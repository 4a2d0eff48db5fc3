/**
 * Roles and privileges (issue 41), one table like the rate limits: every account has a role
 * (`user`, `moderator`, `admin`; a ♦ beside the names of the last two), and below a moderator's
 * powers each privilege is earned at a reputation (Stack Overflow's ladder, scaled for a small
 * site). What SPEC gives every signed-in user (ask, answer, comment, vote on questions) is not
 * in this table and is never taken away by it. Core's `can` and `isModerator` read it.
 */
export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The reputation each privilege needs; moderators and admins have every one. */
export const PRIVILEGES = {
  /** Flag a post for moderators (every signed-in user). */
  flag: 1,
  /** Upvote others' comments (issue 42), at Stack Overflow's 15 ("vote up"). */
  commentUpvote: 15,
  /** Cast close and reopen votes. */
  closeVote: 250,
  /** See the review queue's counts. */
  reviewCounts: 500,
  /** Edit others' posts at once; below this an edit of another's post is suggested for review. */
  editWithoutReview: 1000,
} as const satisfies Record<string, number>;
export type Privilege = keyof typeof PRIVILEGES;

/** Votes that close (or reopen) a question; one moderator's vote is binding. */
export const CLOSE_VOTES_NEEDED = 3;

/** Whether a role wears the ♦ and has every moderator power (admins are moderators too). */
export const isModeratorRole = (role: Role | undefined): boolean => role === 'moderator' || role === 'admin';
