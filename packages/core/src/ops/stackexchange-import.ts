/**
 * Imports a Stack Exchange data dump (Users, Tags, Posts, Comments) into our tables in ONE
 * transaction (its SQL: packages/db/src/queries/import.ts): a failure while reading any file
 * rolls everything back. Rows arrive in batches from whoever reads the files
 * (remix-app/server/import); SE ids are mapped to ours through temporary tables, so memory stays
 * constant whatever the dump's size. Every row is keyed by its original URL (or comment id), so
 * a second run adds nothing. HTML bodies are sanitised and turned into Markdown (TeX between
 * dollars left unescaped, so it renders as math); each question and answer keeps its CC BY-SA
 * attribution (original link, author name and profile link). Tag names are kept whole.
 */
import sanitizeHtml from 'sanitize-html';
import TurndownService from 'turndown';
import {
  countImportedAnswers,
  createImportMaps,
  importAnswers,
  importComments,
  importQuestions,
  importTagExcerpts,
  importTags,
  importUsers,
  linkImportedQuestions,
} from '@fso/db';
import { BIOGRAPHY_MAX, TAG_NAME_STORED_MAX, TITLE_MAX } from '@fso/shared';
import { renderMarkdown, sanitizeImportedHtml } from '../markdown/markdown.ts';
import { splitMath } from '../markdown/math.ts';
import type { Ports } from '../ports.ts';

/** The files of a dump, in the order they are read. */
export const DUMP_FILES = ['Users.xml', 'Tags.xml', 'Posts.xml', 'Comments.xml'] as const;
export type DumpFile = (typeof DUMP_FILES)[number];

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

/** A username that is valid here and stable across runs: `Display_Name.se<id>`. */
export function importedUsername(displayName: string, seId: string): string {
  const slug =
    displayName
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 18) || 'user';
  return `${slug}.se${seId}`.slice(0, 30);
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
          displayName: r.DisplayName ?? null,
          username: importedUsername(r.DisplayName ?? 'user', r.Id ?? '0'),
          biography: plainText(r.AboutMe ?? '').slice(0, BIOGRAPHY_MAX),
          joined: utc(r.CreationDate),
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
    await countImportedAnswers(tx);
    // A post may link to a question added after it: its links are found once everything is in.
    await linkImportedQuestions(tx);
  });
  return report;
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
