/** How long after posting it a comment's author may edit it (issue 42), as on Stack Overflow. */
export const COMMENT_EDIT_MINUTES = 5;
export const COMMENT_EDIT_WINDOW_MS = COMMENT_EDIT_MINUTES * 60 * 1000;

/** Whether a comment posted at `postedAt` may still be edited at `now`. */
export function commentEditable(postedAt: Date, now: Date): boolean {
  return now.getTime() - postedAt.getTime() <= COMMENT_EDIT_WINDOW_MS;
}
