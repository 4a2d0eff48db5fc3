/**
 * Imports a Stack Exchange data dump (Users, Tags, Posts, Comments, Votes) into our tables in ONE
 * transaction (its SQL: packages/db/src/queries/import.ts): a failure while reading any file
 * rolls everything back. Rows arrive in batches from whoever reads the files
 * (remix-app/server/import); SE ids are mapped to ours through temporary tables, so memory stays
 * constant whatever the dump's size. Every row is keyed by its original URL (or comment id), so
 * a second run adds nothing. HTML bodies are sanitised and turned into Markdown (TeX between
 * dollars left unescaped, so it renders as math); each question and answer keeps its CC BY-SA
 * attribution (original link, author name and profile link). Tag names are kept whole. Users
 * keep their display name as username (made valid, `-N` only on a clash) and bring the dump's
 * reputation as a base that every recount keeps (decision record 0099).
 */
import sanitizeHtml from 'sanitize-html';
import TurndownService from 'turndown';
import {
  countImportedAnswers,
  countImportedBases,
  createImportMaps,
  importAnswers,
  importComments,
  importedUserIds,
  importQuestions,
  importTagExcerpts,
  importTags,
  importUsers,
  importVotes,
  linkImportedQuestions,
  storeReputations,
} from '@fso/db';
import { BIOGRAPHY_MAX, TAG_NAME_STORED_MAX, TITLE_MAX } from '@fso/shared';
import { renderMarkdown, sanitizeImportedHtml, splitMath } from '@fso/markdown';
import { importedBaseOf, REPUTATION, reputationOf, type Ports } from '@fso/core';

/** The files of a dump, in the order they are read. */
export const DUMP_FILES = ['Users.xml', 'Tags.xml', 'Posts.xml', 'Comments.xml'] as const;
/** Files a dump may leave out: without Votes.xml a user without a Reputation starts at 1. */
export const OPTIONAL_DUMP_FILES = ['Votes.xml'] as const;
export type DumpFile = (typeof DUMP_FILES)[number] | (typeof OPTIONAL_DUMP_FILES)[number];

/** One `<row …/>` of a dump file: its attributes. */
export type DumpRow = Record<string, string>;

/** A dump as the import reads it: the site's host, and each file's rows in batches (read again from the start on each call). */
export interface Dump {
  host: string;
  batches(file: DumpFile): AsyncIterable<DumpRow[]>;
}

export interface ImportReport {
  users: number;
  tags: number;
  questions: number;
  answers: number;
  comments: number;
  skipped: number;
}

const turndown = new TurndownService({ codeBlockStyle: 'fenced', headingStyle: 'atx' });
const escapeMarkdown = turndown.escape.bind(turndown);
turndown.escape = (text: string) =>
  splitMath(text)
    .map((part) => (part.math ? part.text : escapeMarkdown(part.text)))
    .join('');
const toMarkdown = (html: string) => turndown.turndown(sanitizeImportedHtml(html)).slice(0, 30_000);
const plainText = (html: string) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
const utc = (date: string | undefined) => (date ? `${date}Z` : new Date().toISOString());

/** The username earlier imports gave: `Display_Name.se<id>` (such accounts are renamed, decision record 0099). */
export function legacyImportedUsername(displayName: string, seId: string): string {
  return `${slug(displayName, /[^A-Za-z0-9._-]+/g).slice(0, 18) || 'user'}.se${seId}`.slice(0, 30);
}

/** Letters that Unicode does not decompose into a Latin letter and a mark. */
const LATIN: Record<string, string> = {
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  đ: 'd',
  Đ: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
};

function slug(name: string, outside: RegExp): string {
  return name.replace(outside, '_').replace(/^[_.-]+|[_.-]+$/g, '');
}

/**
 * The username an imported account wants (decision record 0099): its display name with accents
 * dropped and each run of other characters (spaces…) as `_`, within 26 characters (whole words
 * when it can) so a `-N` still fits; `user<id>` (Stack Exchange's own default name) when no Latin letter or digit is left.
 */
export function importedUsername(displayName: string, seId: string): string {
  const latin = displayName
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{ASCII}]/gu, (c) => LATIN[c] ?? ' ');
  const whole = slug(latin, /[^A-Za-z0-9.-]+/g);
  // A long name is cut after its last whole word that fits, when that keeps at least half of it.
  const cut = whole.length > 26 ? whole.lastIndexOf('_', 26) : -1;
  const name = (cut >= 13 ? whole.slice(0, cut) : whole.slice(0, 26)).replace(/[_.-]+$/, '');
  return /[A-Za-z0-9]/.test(name) ? name : `user${seId}`;
}

/** `<a><b>` (older dumps) or `|a|b|` (newer ones) → tag names. */
export function dumpTags(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[<>|]+/)
    .filter(Boolean)
    .map((t) => t.slice(0, TAG_NAME_STORED_MAX));
}

export async function importDump(ports: Pick<Ports, 'db'>, dump: Dump): Promise<ImportReport> {
  const site = `https://${dump.host}`;
  const report: ImportReport = { users: 0, tags: 0, questions: 0, answers: 0, comments: 0, skipped: 0 };

  await ports.db.transaction(async (tx) => {
    await createImportMaps(tx);
    for await (const rows of dump.batches('Users.xml')) {
      report.users += await importUsers(
        tx,
        rows.map((r) => ({
          seId: r.Id ?? '',
          sourceUrl: `${site}/users/${r.Id}`,
          displayName: r.DisplayName ?? null,
          username: importedUsername(r.DisplayName ?? '', r.Id ?? '0'),
          legacyUsername: legacyImportedUsername(r.DisplayName ?? 'user', r.Id ?? '0'),
          biography: plainText(r.AboutMe ?? '').slice(0, BIOGRAPHY_MAX),
          joined: utc(r.CreationDate),
          reputationBase: reputationBase(r.Reputation),
        })),
      );
    }
    for await (const rows of dump.batches('Tags.xml')) {
      const names = rows.map((r) => (r.TagName ?? '').slice(0, TAG_NAME_STORED_MAX)).filter(Boolean);
      const excerpts = rows.flatMap((r) =>
        r.ExcerptPostId && r.TagName ? [{ postSeId: r.ExcerptPostId, tag: r.TagName }] : [],
      );
      report.tags += await importTags(tx, names, excerpts);
    }
    // Questions (and tag excerpts) first, answers in a second pass, so every parent exists.
    for await (const rows of dump.batches('Posts.xml')) {
      const excerpts = rows.filter((r) => r.PostTypeId === '4');
      if (excerpts.length)
        await importTagExcerpts(
          tx,
          excerpts.map((r) => ({ seId: r.Id ?? '', text: plainText(r.Body ?? '') })),
        );
      const questions = rows.filter((r) => r.PostTypeId === '1');
      if (questions.length)
        report.questions += await importQuestions(
          tx,
          site,
          questions.map((r) => question(r, site)),
        );
    }
    for await (const rows of dump.batches('Posts.xml')) {
      const answers = rows.filter((r) => r.PostTypeId === '2');
      if (!answers.length) continue;
      const added = await importAnswers(
        tx,
        site,
        answers.map((r) => answer(r, site)),
      );
      report.answers += added.inserted;
      report.skipped += added.orphans;
    }
    for await (const rows of dump.batches('Comments.xml')) {
      const added = await importComments(
        tx,
        rows.map((r) => comment(r, dump.host)),
      );
      report.comments += added.inserted;
      report.skipped += added.orphans;
    }
    for await (const rows of dump.batches('Votes.xml')) await importVotes(tx, votesByPost(rows));
    await countImportedBases(tx, importedBaseOf);
    // Every imported user's reputation as every later recount makes it: their base plus our votes (none yet).
    for (let last = 0, ids: number[]; (ids = await importedUserIds(tx, last, 1000)).length > 0; last = ids.at(-1)!)
      await storeReputations(tx, ids, reputationOf);
    await countImportedAnswers(tx);
    // A post may link to a question added after it: its links are found once everything is in.
    await linkImportedQuestions(tx);
  });
  return report;
}

/** The dump's reputation beyond the start everyone has here; null when the row has none. */
function reputationBase(value: string | undefined): string | null {
  const reputation = Number(value);
  return value !== undefined && Number.isInteger(reputation)
    ? String(Math.max(0, reputation - REPUTATION.start))
    : null;
}

/** A batch of Votes.xml rows summed by post: upvotes (type 2), downvotes (3), accepts (1). */
function votesByPost(rows: DumpRow[]) {
  const byPost = new Map<string, { postSeId: string; up: number; down: number; accepts: number }>();
  for (const r of rows) {
    const field = ({ '1': 'accepts', '2': 'up', '3': 'down' } as const)[r.VoteTypeId ?? ''];
    if (!field || !r.PostId) continue;
    const counts = byPost.get(r.PostId) ?? { postSeId: r.PostId, up: 0, down: 0, accepts: 0 };
    counts[field] += 1;
    byPost.set(r.PostId, counts);
  }
  return [...byPost.values()];
}

/** A post body as stored: Markdown, and its HTML. */
function body(html: string | undefined) {
  const text = toMarkdown(html ?? '');
  return { text, html: renderMarkdown(text) };
}

function question(r: DumpRow, site: string) {
  return {
    seId: r.Id ?? '',
    url: `${site}/questions/${r.Id}`,
    title: (r.Title ?? '').slice(0, TITLE_MAX),
    ...body(r.Body),
    ownerSeId: r.OwnerUserId ?? null,
    ownerName: r.OwnerDisplayName ?? null,
    asked: utc(r.CreationDate),
    active: utc(r.LastActivityDate ?? r.CreationDate),
    views: r.ViewCount ?? '0',
    score: r.Score ?? '0',
    tags: dumpTags(r.Tags),
  };
}

function answer(r: DumpRow, site: string) {
  return {
    seId: r.Id ?? '',
    parentSeId: r.ParentId ?? '',
    url: `${site}/a/${r.Id}`,
    ...body(r.Body),
    ownerSeId: r.OwnerUserId ?? null,
    ownerName: r.OwnerDisplayName ?? null,
    at: utc(r.CreationDate),
  };
}

function comment(r: DumpRow, host: string) {
  const text = (r.Text ?? '').slice(0, 2000);
  return {
    sourceId: `${host}/c/${r.Id}`,
    postSeId: r.PostId ?? '',
    text,
    html: renderMarkdown(text),
    ownerSeId: r.UserId ?? null,
    at: utc(r.CreationDate),
  };
}
