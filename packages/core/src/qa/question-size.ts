/**
 * What one question costs to send (issue 39 items 3 and 8): a question sent whole (REST, a live
 * event to a SPEC client) cut to QUESTION_REPLY_MAX_BYTES of JSON, and the rendered bodies of a
 * question page held to PAGE_BODIES_MAX_BYTES, the ones that do not fit linked instead of shown.
 */
import { PAGE_BODIES_MAX_BYTES, QUESTION_REPLY_MAX_BYTES, type Answer, type Comment, type Question } from '@fso/shared';

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * The question with its comments and answers (each answer's comments after it) in order up to
 * the first that would take its JSON past `maxBytes`; it and everything after it are left out
 * (`answerCount` still says how many answers there are).
 */
export function capQuestion<Q extends Question>(question: Q, maxBytes: number = QUESTION_REPLY_MAX_BYTES): Q {
  // Each element costs its JSON and a comma.
  let left = maxBytes - jsonBytes({ ...question, answers: [], comments: [] });
  const fits = (value: unknown) => (left -= jsonBytes(value) + 1) >= 0;
  const comments: Comment[] = [];
  for (const comment of question.comments) {
    if (!fits(comment)) return { ...question, comments, answers: [] };
    comments.push(comment);
  }
  const answers: Answer[] = [];
  for (const answer of question.answers) {
    if (!fits({ ...answer, comments: [] })) break;
    const kept: Comment[] = [];
    answers.push({ ...answer, comments: kept });
    for (const comment of answer.comments) {
      if (!fits(comment)) return { ...question, comments, answers };
      kept.push(comment);
    }
  }
  return { ...question, comments, answers };
}

/**
 * The bodies a question page shows: in the page's order (`first` before every other), each whose
 * HTML still fits in PAGE_BODIES_MAX_BYTES; the others are `withheld` (the page links to them).
 */
export function fitBodies(
  order: string[],
  html: Record<string, string>,
  first: string | null,
  maxBytes: number = PAGE_BODIES_MAX_BYTES,
): { html: Record<string, string>; withheld: string[] } {
  const shown: Record<string, string> = {};
  const withheld: string[] = [];
  let left = maxBytes;
  const keys = first && order.includes(first) ? [first, ...order.filter((key) => key !== first)] : order;
  for (const key of keys) {
    const body = html[key] ?? '';
    const bytes = Buffer.byteLength(body);
    if (bytes > left) withheld.push(key);
    else {
      left -= bytes;
      shown[key] = body;
    }
  }
  return { html: shown, withheld };
}
