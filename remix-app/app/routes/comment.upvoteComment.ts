/** POST /comment/upvoteComment {cid} → the comment's cid, score and upvoted (issue 42); an upvote cast twice counts once. */
import { methodNotAllowed } from '~/services/http.server.ts';
import { commentVoteAction } from '~/services/vote-route.server.ts';

export const loader = methodNotAllowed;
export const action = commentVoteAction(true);
