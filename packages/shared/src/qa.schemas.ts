/**
 * Q&A payloads (SPEC §5, §7): one zod schema per form and per REST body, all built from the
 * same field rules so the browser and the server refuse the same input with the same text.
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { noNul, textField } from './text-rules.ts';

export const TITLE_MAX = 100;
export const BODY_MAX = 30_000;
export const COMMENT_MAX = 600;
export const TAGS_MAX = 5;
export const TAG_LENGTH_MAX = 20;
/** Tags imported from Stack Exchange keep their whole name (its own limit is 35); users type at most TAG_LENGTH_MAX. */
export const TAG_NAME_STORED_MAX = 35;
export const QUESTION_ORDERS = ['newest', 'unanswered', 'active', 'mostViewed'] as const;
export type QuestionOrder = (typeof QUESTION_ORDERS)[number];

const HTTPS = 'https://';

/**
 * SPEC §5: every `[label](url)` needs a label and an https:// url with something after it. The
 * links are those `/\[([^\]]*)\]\(([^)]*)\)/g` finds, found in one pass (issue 39 item 7: the
 * pattern retries from every `[`, so 30,000 of them with no `]` took quadratic time). A label ends
 * at the first `]` after its `[`, so every `[` before that `]` fails alike and the search goes on
 * past it; a link ends at the first `)` after its `](`, and none is found once either is missing.
 */
export function hyperlinksValid(text: string): boolean {
  for (let open = text.indexOf('['); open !== -1;) {
    const close = text.indexOf(']', open + 1);
    if (close === -1) return true;
    if (text[close + 1] !== '(') {
      open = text.indexOf('[', close + 1);
      continue;
    }
    const end = text.indexOf(')', close + 2);
    if (end === -1) return true;
    const url = text.slice(close + 2, end).trim();
    if (!text.slice(open + 1, close).trim() || !url.startsWith(HTTPS) || url.length <= HTTPS.length) return false;
    open = text.indexOf('[', end + 1);
  }
  return true;
}

/** Whitespace-separated tag names, duplicates (any case) dropped, order kept. */
export function splitTags(input: string): string[] {
  const seen = new Set<string>();
  return input
    .split(/\s+/)
    .filter(Boolean)
    .filter((t) => !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
}

const text = (empty: string, tooLong: string) =>
  textField({ empty, max: BODY_MAX, tooLong }).refine(hyperlinksValid, MSG.invalidHyperlink);

export const titleSchema = textField({ empty: MSG.titleEmpty, max: TITLE_MAX, tooLong: MSG.titleTooLong });
export const questionTextSchema = text(MSG.questionTextEmpty, MSG.questionTextTooLong);
export const answerTextSchema = text(MSG.answerEmpty, MSG.answerTooLong);
export const commentTextSchema = textField({ empty: MSG.commentEmpty, max: COMMENT_MAX, tooLong: MSG.commentTooLong });

export const tagNamesSchema = z
  .array(z.string())
  .min(1, MSG.tagsMin)
  .max(TAGS_MAX, MSG.tagsMax)
  .refine((tags) => tags.every((t) => t.length <= TAG_LENGTH_MAX), MSG.tagTooLong)
  .refine((tags) => tags.every((t) => /^[\p{L}\p{N}+#._-]+$/u.test(t)), MSG.tagChars);

/** The ask form: tags typed as one whitespace-separated string. */
export const questionFormSchema = z.object({
  title: titleSchema,
  text: questionTextSchema,
  tags: z.preprocess((v) => splitTags(typeof v === 'string' ? v : ''), tagNamesSchema),
});

export const answerFormSchema = z.object({ text: answerTextSchema });

/** An edit's summary: optional, trimmed, at most EDIT_SUMMARY_MAX characters ('' when none). */
export const EDIT_SUMMARY_MAX = 300;
export const editSummarySchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v),
  z.string({ error: MSG.editSummaryTooLong }).max(EDIT_SUMMARY_MAX, MSG.editSummaryTooLong),
);
/** The edit forms: the post's fields and the edit's summary. */
export const editQuestionFormSchema = questionFormSchema.extend({ summary: editSummarySchema });
export const editAnswerFormSchema = answerFormSchema.extend({ summary: editSummarySchema });
export const commentFormSchema = z.object({ text: commentTextSchema });

/** A row id (path segment, field or event payload): digits, no leading zero, below 2^53. */
export const idSchema = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.string({ error: MSG.invalidId }).regex(/^[1-9]\d{0,14}$/, MSG.invalidId),
);

/** The one id parser: the id as a number, or null when `raw` is not one (each caller answers its own 4xx). */
export function parseId(raw: unknown): number | null {
  const parsed = idSchema.safeParse(raw);
  return parsed.success ? Number(parsed.data) : null;
}

const username = (message: string) => z.string({ error: message }).trim().min(1, message);

/** POST /question/addQuestion (SPEC §7): the spec client's whole question object. */
export const addQuestionBodySchema = z.object({
  title: titleSchema,
  text: questionTextSchema,
  tags: z.preprocess(
    (v) =>
      Array.isArray(v)
        ? splitTags(
            v.map((t: unknown) => (t && typeof t === 'object' && 'name' in t ? String(t.name) : String(t))).join(' '),
          )
        : v,
    tagNamesSchema,
  ),
  askedBy: username(MSG.notAllowed),
});

/** POST /question/upvoteQuestion and downvoteQuestion. */
export const voteBodySchema = z.object({ qid: idSchema, username: username(MSG.notAllowed) });

/** PATCH /question/editQuestion/:qid: the same rules as asking. */
export const editQuestionBodySchema = addQuestionBodySchema
  .omit({ askedBy: true })
  .extend({ summary: editSummarySchema });

/** PATCH /answer/editAnswer/:aid. */
export const editAnswerBodySchema = z.object({ text: answerTextSchema, summary: editSummarySchema });

/** POST /answer/upvoteAnswer and downvoteAnswer (the voter is the session's user). */
export const answerVoteBodySchema = z.object({ aid: idSchema });

/** The question page's form that edits one's own comment. */
export const editCommentFormSchema = z.object({ comment: idSchema.transform(Number), text: commentTextSchema });

/** POST /comment/upvoteComment and unvoteComment (the voter is the session's user). */
export const commentVoteBodySchema = z.object({ cid: idSchema.transform(Number) });

/** The question page's comment upvote button: `upvote` "on" casts the upvote, "off" takes it back. */
export const commentVoteFormSchema = z.object({
  comment: idSchema.transform(Number),
  upvote: z.enum(['on', 'off'], { error: 'Say whether to upvote the comment (on) or take the upvote back (off).' }),
});

/** The question page's Undelete form: which of the author's deleted posts comes back. */
export const undeleteFormSchema = z.object({
  kind: z.enum(['question', 'answer'], { error: MSG.deletedPostNotFound }),
  post: idSchema.transform(Number),
});

/** POST /question/acceptAnswer. */
export const acceptAnswerBodySchema = z.object({ qid: idSchema, aid: idSchema });

/** How a question page orders its answers (the accepted one always first). */
export const ANSWER_SORTS = ['score', 'newest', 'oldest'] as const;
export type AnswerSort = (typeof ANSWER_SORTS)[number];

/** POST /answer/addAnswer. */
export const addAnswerBodySchema = z.object({
  qid: idSchema,
  ans: z.object({ text: answerTextSchema, ansBy: username(MSG.notAllowed) }, { error: MSG.answerEmpty }),
});

/** POST /comment/addComment. */
export const addCommentBodySchema = z.object({
  id: idSchema,
  type: z.enum(['question', 'answer'], { error: 'Comment type must be question or answer.' }),
  comment: z.object(
    { text: commentTextSchema, commentBy: username(MSG.commentUserRequired) },
    { error: MSG.commentEmpty },
  ),
});

/** GET /question/getQuestion query (and the /home screen's). */
export const questionQuerySchema = z.object({
  order: z.enum(QUESTION_ORDERS, { error: MSG.invalidOrder }).optional(),
  search: noNul().trim().max(500).optional(),
  tag: noNul().trim().max(TAG_NAME_STORED_MAX).optional(),
});

/** GET /question/semanticSearch query: blank text is allowed (it answers an empty list). */
export const SEMANTIC_TOPK_MAX = 20;
export const semanticSearchQuerySchema = z.object({
  text: noNul().trim().max(500, { error: MSG.semanticTextTooLong }).default(''),
  topk: z.coerce
    .number({ error: MSG.invalidTopk })
    .int({ error: MSG.invalidTopk })
    .min(1, { error: MSG.invalidTopk })
    .max(SEMANTIC_TOPK_MAX, { error: MSG.invalidTopk })
    .default(3),
});
