/**
 * POST /review/reviewSuggestedEdit {id, decision: 'approve'|'reject', reason?} → {id, decision}:
 * a moderator or a privileged user applies a suggested edit (a revision credited to its
 * suggester, +2 reputation) or rejects it with a reason; the suggester is notified.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { reviewSuggestedEdit } from '@fso/core';
import { reviewSuggestedEditBodySchema } from '@fso/shared';
import { methodNotAllowed, readJson, requireMethod } from '~/services/http.server.ts';
import { respond } from '~/services/respond.server.ts';
import { callerOf, requireApiUser } from '~/services/session.server.ts';

export const loader = methodNotAllowed;

export async function action({ request, context }: ActionFunctionArgs) {
  requireMethod(request, 'POST');
  const actor = await requireApiUser(request, context);
  const body = await readJson(request, reviewSuggestedEditBodySchema);
  return respond(await reviewSuggestedEdit(context.ports, callerOf(context, actor), body), (v) => v);
}
