/**
 * POST /user/firebaseLogin {firebaseId, idToken} (or Authorization: Bearer <idToken>) → the
 * user, signed in (SPEC §7). A firebaseId and email without a verified ID token get 401.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { firebaseLogin } from '@fso/core';
import { firebaseLoginSchema } from '@fso/shared';
import { readJson, requireMethod } from '~/services/http.server.ts';
import { idTokenVerifier } from '~/services/id-token.server.ts';
import { respond } from '~/services/respond.server.ts';
import { sessionCookie } from '~/services/session.server.ts';

export { methodNotAllowed as loader } from '~/services/http.server.ts';

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const input = await readJson(request, firebaseLoginSchema);
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1] ?? null;
  const outcome = await firebaseLogin(context.ports, { ...input, bearer }, idTokenVerifier(context.config));
  return respond(
    outcome,
    (v) => v.user,
    (v) => ({ 'Set-Cookie': sessionCookie(context, v.session) }),
  );
}
