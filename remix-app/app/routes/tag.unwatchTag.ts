/** POST /tag/unwatchTag {name} → {name, watching}: new questions in watched tags come by mail, as the mail settings say. */
import { watchAction } from '~/services/follow-route.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';
export const action = watchAction(false);
