/** POST /tag/ignoreTag {name} → {name, ignoring}: the tag's questions are dimmed on the caller's lists. */
import { ignoreAction } from '~/services/follow-route.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';
export const action = ignoreAction(true);
