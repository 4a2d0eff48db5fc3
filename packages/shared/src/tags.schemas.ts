/**
 * Tag pages beyond the SPEC (issue 42): `/tags` filtered by name and sorted, a tag's wiki
 * (its excerpt — the SPEC's `description` — and a Markdown body) and who may edit it, and the
 * tags a user ignores. One schema per form and REST body, as for the posts.
 */
import { z } from 'zod';
import { noNul } from './text-rules.ts';
import { PRIVILEGES } from './privileges.ts';
import { TAG_NAME_STORED_MAX } from './qa.schemas.ts';

export const TAG_SORTS = ['popular', 'name', 'new'] as const;
export type TagSort = (typeof TAG_SORTS)[number];
export const TAG_SORT_LABEL: Record<TagSort, string> = { popular: 'Popular', name: 'Name', new: 'New' };

/** Stack Overflow's limits: an excerpt is a paragraph, a wiki is a post. */
export const TAG_EXCERPT_MAX = 500;
export const TAG_WIKI_MAX = 30_000;

export const TAG_MSG = {
  excerptTooLong: `The excerpt can be at most ${TAG_EXCERPT_MAX} characters.`,
  wikiTooLong: `The wiki can be at most ${TAG_WIKI_MAX.toLocaleString('en-US')} characters.`,
  wikiPrivilege: `Editing a tag's wiki takes ${PRIVILEGES.editWithoutReview.toLocaleString('en-US')} reputation.`,
  wikiSaved: 'The tag wiki is saved.',
  ignored: (tag: string) => `You are ignoring [${tag}]: its questions are dimmed on lists.`,
  unignored: (tag: string) => `You no longer ignore [${tag}].`,
} as const;

/** `/tags` query: a name filter (any part of the name) and a sort. */
export const tagListQuerySchema = z.object({
  q: noNul().trim().max(TAG_NAME_STORED_MAX).optional().catch(undefined),
  sort: z.enum(TAG_SORTS).catch('popular').default('popular'),
});

const trimmed = (max: number, tooLong: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), noNul().max(max, tooLong));

/** POST /tag/updateTagWiki {name, excerpt, wiki}, and the tag page's edit form. */
export const tagWikiSchema = z.object({
  name: z.string().trim().min(1).max(TAG_NAME_STORED_MAX),
  excerpt: trimmed(TAG_EXCERPT_MAX, TAG_MSG.excerptTooLong),
  wiki: trimmed(TAG_WIKI_MAX, TAG_MSG.wikiTooLong),
});
export type TagWikiInput = z.infer<typeof tagWikiSchema>;

/** A tag's page: the SPEC's tag with its count, and its wiki. */
export interface TagInfo {
  _id: string;
  name: string;
  description: string;
  qcnt: number;
  wikiHtml: string;
  wiki: string;
  wikiEditedBy: string | null;
  wikiEditedAt: string | null;
}

/** The tags a reader marks: questions with a watched tag are highlighted on lists, with an ignored one dimmed. */
export interface TagMarks {
  watched: string[];
  ignored: string[];
}
