/** POST /question/unfollowQuestion {qid} → {qid, following}: answers and comments on a followed question reach its follower (inbox, mail). */
import { followAction } from '~/services/follow-route.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';
export const action = followAction(false);
