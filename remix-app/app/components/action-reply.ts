/**
 * The one shape a screen's action answers with when it does not redirect (built on the server
 * by services/actions.server.ts, read here by the forms). `form` names which of the page's
 * forms it answers: the form's intent, plus its target's id where several forms share one
 * (`vote:answer:12`). Success may carry a message to show; a refusal carries the error to show
 * under that form, and `status` says what kind of refusal it was (the HTTP status of a
 * no-JavaScript post; a script's submission is answered 200, services/actions.server.ts).
 * A post form (components/qa/PostForm.tsx) is also handed back what was typed (`values`), so
 * its fields keep it, each field's own error (`fields`), and its no-JavaScript preview.
 */
export type ActionReply =
  | { ok: true; form: string; message?: string; values?: Fields; preview?: string }
  | { ok: false; form: string; error: string; status: number; fields?: Fields; values?: Fields };

/** By field name: what was typed, or the field's error. */
type Fields = Record<string, string>;

/** The `form` of the replies to the ask, answer and edit forms (their posts and previews). */
export const POST_FORM = 'post';

/** The error to show under `form` (under any form when none is named), or null. */
export function replyError(reply: ActionReply | undefined, form?: string): string | null {
  return reply && !reply.ok && (form === undefined || reply.form === form) ? reply.error : null;
}

/** The success message to show under `form`, or null. */
export function replyMessage(reply: ActionReply | undefined, form: string): string | null {
  return reply?.ok && reply.form === form ? (reply.message ?? null) : null;
}
