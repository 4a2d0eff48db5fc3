/** POST /question/upvoteQuestion {qid, username} → the question's upVotes and downVotes. */
import { methodNotAllowed } from '~/services/http.server.ts';
import { voteAction } from '~/services/vote-route.server.ts';

export const loader = methodNotAllowed;
export const action = voteAction(1);
