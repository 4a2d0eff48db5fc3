/** POST /tag/unignoreTag {name} → {name, ignoring: false}. */
import { ignoreAction } from '~/services/follow-route.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';
export const action = ignoreAction(false);
