/**
 * Reading a post's revisions, a page at a time (REVISIONS_PAGE, newest first), rate-limited
 * like every read that costs: what it said before each edit (REST), and for its revisions page
 * the word diff each edit made, numbered with the original as revision 1. A diff is computed once, the first time a page shows it, and
 * stored with the revision (each bounded by @fso/markdown's wordDiff work cap, the event loop let run
 * between two), so later views only read (issue 39).
 */
import * as db from '@fso/db';
import { MSG, type Revision, type RevisionDiff } from '@fso/shared';
import { wordDiff } from '@fso/markdown';
import type { Caller, Ports } from '../ports.ts';
import { fail, succeed, type Result } from '../result.ts';

export type Post = 'question' | 'answer';

/** One edit as the revisions page shows it: `number` is the revision it made (the original is revision 1). */
export interface RevisionEntry {
  _id: string;
  number: number;
  editedBy: string | null;
  editedAt: string;
  summary: string;
  diff: RevisionDiff;
}

export interface RevisionHistoryPage {
  /** The question the post is (or belongs to), and its title. */
  qid: string;
  title: string;
  /** How many edits the post has had, and over how many pages they are listed. */
  total: number;
  pages: number;
  edits: RevisionEntry[];
  /** Revision 1, the post as first written, on the last page only (it is the oldest). */
  original: { by: string | null; at: string; version: db.PostVersion } | null;
}

const missing = (post: Post) => fail('notFound', post === 'question' ? MSG.questionNotFound : MSG.answerNotFound);
const offsetOf = (page: number) => (Math.max(1, page) - 1) * db.REVISIONS_PAGE;

/** One page (1 first) of what a post said before each edit, and how many edits it has had. */
export async function revisions(
  ports: Ports,
  caller: Caller,
  { post, id, page = 1 }: { post: Post; id: number; page?: number },
): Promise<Result<{ revisions: Revision[]; total: number }>> {
  const limited = await ports.limiter.hit('revisions', caller);
  if (limited) return limited;
  const found = await db.listRevisions(ports.db, post, id, { offset: offsetOf(page), limit: db.REVISIONS_PAGE });
  return found ? succeed(found) : missing(post);
}

/** What an edit changed, field by field (a field it left alone is absent). */
export function editDiff(before: db.PostVersion, after: db.PostVersion): RevisionDiff {
  const diff: RevisionDiff = {};
  const field = (name: keyof RevisionDiff, old: string | undefined, now: string | undefined) => {
    if (old !== undefined && now !== undefined && old !== now) diff[name] = wordDiff(old, now);
  };
  field('title', before.title, after.title);
  field('tags', before.tags?.join(' '), after.tags?.join(' '));
  field('text', before.text, after.text);
  return diff;
}

/** The revision the edit at `index` (0: the newest) of `total` made: the original is revision 1, the first edit made revision 2. */
export function revisionNumber(total: number, index: number): number {
  return total - index + 1;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** One page (1 first) of a post's edits with the diff each made, newest first. */
export async function revisionHistory(
  ports: Ports,
  caller: Caller,
  { post, id, page = 1 }: { post: Post; id: number; page?: number },
): Promise<Result<RevisionHistoryPage>> {
  const limited = await ports.limiter.hit('revisions', caller);
  if (limited) return limited;
  const found = await db.readRevisionHistory(ports.db, post, id, { offset: offsetOf(page), limit: db.REVISIONS_PAGE });
  if (!found) return missing(post);
  const computed: { id: string; diff: RevisionDiff }[] = [];
  const edits: RevisionEntry[] = [];
  const offset = offsetOf(page);
  for (const [i, { versions, diff: stored, ...edit }] of found.edits.entries()) {
    let diff = stored;
    if (!diff) {
      // Each diff is bounded; between two, other requests run.
      if (computed.length) await turn();
      diff = versions ? editDiff(versions.before, versions.after) : {};
      computed.push({ id: edit._id, diff });
    }
    edits.push({ ...edit, number: revisionNumber(found.total, offset + i), diff });
  }
  await db.storeRevisionDiffs(ports.db, post, computed);
  const pages = Math.max(1, Math.ceil(found.total / db.REVISIONS_PAGE));
  const original = page >= pages ? found.original : null;
  return succeed({ qid: String(found.qid), title: found.title, total: found.total, pages, edits, original });
}
