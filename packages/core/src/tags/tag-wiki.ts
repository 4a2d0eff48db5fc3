/**
 * Tag pages (issue 42): a tag with its wiki, who may edit the wiki (`decideTagWikiEdit`: the
 * privilege to edit others' words without review, moderators always, as Stack Overflow gives tag
 * wikis to those it trusts), the edit itself (the body rendered like a post), and the tags a
 * user ignores, read together with the watched ones for the lists.
 */
import * as db from '@fso/db';
import { MSG, TAG_MSG, TAG_NAME_STORED_MAX, type TagInfo, type TagMarks, type TagWikiInput } from '@fso/shared';
import { actorNamed, NOT_SIGNED_IN } from '../caller.ts';
import { renderPost } from '../post-body.ts';
import { can } from '../moderation/privileges.ts';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';

/** Whether the caller may edit tag wikis (the page offers the edit form to them only). */
export const mayEditTagWiki = (caller: Caller) => can(caller, 'editWithoutReview');

/** A tag that exists, edited by someone who may edit others' words without review. */
export function decideTagWikiEdit(seen: db.TagWikiSeen, caller: Caller): Result<null> {
  if (!seen.tagExists) return fail('notFound', MSG.tagNotFound);
  return mayEditTagWiki(caller) ? succeed(null) : fail('forbidden', TAG_MSG.wikiPrivilege);
}

/** The tag with this name, its count and wiki, or notFound. */
export async function tagInfo(ports: Ports, input: { name: string }): Promise<Result<TagInfo>> {
  const name = input.name.trim();
  if (!name || name.length > TAG_NAME_STORED_MAX) return fail('notFound', MSG.tagNotFound);
  const info = await db.findTagInfo(ports.db, name);
  return info ? succeed(info) : fail('notFound', MSG.tagNotFound);
}

/** Stores a new excerpt and wiki for the tag, when the caller may edit it; answers the tag as it now reads. */
export async function editTagWiki(ports: Ports, caller: Caller, input: TagWikiInput): Promise<Result<TagInfo>> {
  const acting = actorNamed(caller);
  if (!acting.ok) return acting;
  const actor = acting.value;
  const limited = await ports.limiter.hit('edit', caller);
  if (limited) return limited;
  const html = input.wiki ? await renderPost(ports, input.wiki) : succeed('');
  if (!html.ok) return html;
  const stored = await db.editTagWiki(
    ports.db,
    input.name,
    { editorId: actor.userId, excerpt: input.excerpt, wiki: input.wiki, wikiHtml: html.value },
    (seen) => decideTagWikiEdit(seen, caller),
  );
  return stored.ok ? tagInfo(ports, { name: stored.value.name }) : stored;
}

/** Ignores or stops ignoring a tag: its questions are dimmed on the caller's lists. */
export async function ignoreTag(
  ports: Ports,
  caller: Caller,
  { name, ignore }: { name: string; ignore: boolean },
): Promise<Result<{ name: string; ignoring: boolean }>> {
  const actor = caller.user;
  if (!actor) return NOT_SIGNED_IN;
  const limited = await ports.limiter.hit('follow', caller);
  if (limited) return limited;
  const stored = await db.setIgnoring(ports.db, actor.userId, name, ignore);
  return stored === null ? fail('notFound', MSG.tagNotFound) : succeed({ name: stored, ignoring: ignore });
}

/** The tags the caller watches and ignores (none for a visitor). */
export async function tagMarksOf(ports: Ports, caller: Caller): Promise<TagMarks> {
  return caller.user ? db.tagMarksOf(ports.db, caller.user.userId) : { watched: [], ignored: [] };
}

/** A tag's page: the tag and its wiki, the reader's marks, and whether the reader may edit the wiki. */
export async function tagPage(
  ports: Ports,
  caller: Caller,
  input: { name: string },
): Promise<Result<{ tag: TagInfo; marks: TagMarks; mayEdit: boolean }>> {
  const info = await tagInfo(ports, input);
  if (!info.ok) return info;
  return succeed({ tag: info.value, marks: await tagMarksOf(ports, caller), mayEdit: mayEditTagWiki(caller) });
}
