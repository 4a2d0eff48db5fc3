/**
 * Tag reads: one tag by name, the tags with their question counts (most used first), and the
 * suggestions the question form offers while typing (rate-limited per user).
 */
import * as db from '@fso/db';
import { MSG, TAG_NAME_STORED_MAX, type Tag, type TagSort, type TagSuggestion, type TagWithCount } from '@fso/shared';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';

/** The tag with this name (surrounding spaces ignored), or notFound. */
export async function tagNamed(ports: Ports, input: { name: string }): Promise<Result<Tag>> {
  const name = input.name.trim();
  if (!name || name.length > TAG_NAME_STORED_MAX) return fail('notFound', MSG.tagNotFound);
  const tag = await db.findTagByName(ports.db, name);
  return tag ? succeed(tag) : fail('notFound', MSG.tagNotFound);
}

/** One page of tags with `qcnt` (most used first, unless sorted by name or newest), those whose name holds `filter`, and how many match. */
export const tagsWithCount = (
  ports: Ports,
  page: { limit: number; offset: number; filter?: string; sort?: TagSort },
): Promise<{ tags: TagWithCount[]; total: number }> => db.listTagsWithCount(ports.db, page);

/** Existing tags containing `prefix` (those starting with it first), then most used; tooMany past the caller's limit. */
export async function tagSuggestions(
  ports: Ports,
  caller: Caller,
  query: { prefix: string; limit: number },
): Promise<Result<TagSuggestion[]>> {
  const limited = await ports.limiter.hit('tagSuggest', caller);
  if (limited) return limited;
  return succeed(await db.suggestTags(ports.db, query.prefix, query.limit));
}
