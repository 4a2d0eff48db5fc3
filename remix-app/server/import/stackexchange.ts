/**
 * Imports a Stack Exchange data-dump folder (Users, Tags, Posts, Comments) into our tables in
 * ONE transaction: a malformed file rolls everything back. Rows stream in batches; SE ids are
 * mapped to ours through temporary tables, so memory stays constant whatever the dump's size.
 * Every row is keyed by its original URL (or comment id), so a second run adds nothing.
 * HTML bodies are sanitised and turned into Markdown (TeX between dollars left unescaped, so it
 * renders as math); each question and answer keeps its CC BY-SA attribution (original link,
 * author name and profile link). Tag names are kept whole.
 */
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import TurndownService from 'turndown';
import type { Database } from '@fso/db';
import { BIOGRAPHY_MAX, TAG_NAME_STORED_MAX, TITLE_MAX } from '@fso/shared';
import { renderMarkdown, sanitizeImportedHtml } from '../../app/services/markdown.server.ts';
import { splitMath } from '../../app/services/math.server.ts';
import { DumpFormatError, xmlRowBatches, type XmlRow } from './xml-rows.ts';

export interface ImportReport {
  users: number;
  tags: number;
  questions: number;
  answers: number;
  comments: number;
  skipped: number;
}

export type Progress = (file: string, done: number, total: number) => void;

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

const BATCH = 500;
const turndown = new TurndownService({ codeBlockStyle: 'fenced', headingStyle: 'atx' });
const escapeMarkdown = turndown.escape.bind(turndown);
turndown.escape = (text: string) => splitMath(text).map((part) => (part.math ? part.text : escapeMarkdown(part.text))).join('');
const toMarkdown = (html: string) => turndown.turndown(sanitizeImportedHtml(html)).slice(0, 30_000);
const plainText = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
const utc = (date: string | undefined) => (date ? `${date}Z` : new Date().toISOString());
const texts = (values: (string | null)[]) => sql`${sql.param(values)}::text[]`;

/** A username that is valid here and stable across runs: `Display_Name.se<id>`. */
export function importedUsername(displayName: string, seId: string): string {
  const slug = displayName.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 18) || 'user';
  return `${slug}.se${seId}`.slice(0, 30);
}

/** `<a><b>` (older dumps) or `|a|b|` (newer ones) → tag names. */
export function dumpTags(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[<>|]+/)
    .filter(Boolean)
    .map((t) => t.slice(0, TAG_NAME_STORED_MAX));
}

export async function importStackExchange(database: Database, folder: string, onProgress: Progress = () => {}): Promise<ImportReport> {
  const dir = resolve(folder);
  const files = ['Users.xml', 'Tags.xml', 'Posts.xml', 'Comments.xml'];
  for (const f of files) if (!existsSync(join(dir, f))) throw new DumpFormatError(`${f} is missing from ${dir}`);
  const host = basename(dir).includes('.') ? basename(dir) : 'stackexchange.com';
  const site = `https://${host}`;
  const report: ImportReport = { users: 0, tags: 0, questions: 0, answers: 0, comments: 0, skipped: 0 };
  const batches = (file: string) => xmlRowBatches(join(dir, file), BATCH, (done, total) => onProgress(file, done, total));
  const count = async (tx: Tx, query: SQL) => ((await tx.execute(query)) as { rows: unknown[] }).rows.length;

  await database.db.transaction(async (tx) => {
    await tx.execute(sql`CREATE TEMP TABLE import_users (se_id text PRIMARY KEY, display_name text, user_id bigint) ON COMMIT DROP`);
    await tx.execute(sql`CREATE TEMP TABLE import_posts (se_id text PRIMARY KEY, kind char(1), id bigint) ON COMMIT DROP`);
    await tx.execute(sql`CREATE TEMP TABLE import_excerpts (se_id text PRIMARY KEY, tag text) ON COMMIT DROP`);

    for await (const rows of batches('Users.xml')) {
      const names = rows.map((r) => importedUsername(r.DisplayName ?? 'user', r.Id ?? '0'));
      report.users += await count(
        tx,
        sql`INSERT INTO users (username, biography, date_joined)
            SELECT n, b, d::timestamptz FROM unnest(${texts(names)}, ${texts(rows.map((r) => plainText(r.AboutMe ?? '').slice(0, BIOGRAPHY_MAX)))}, ${texts(rows.map((r) => utc(r.CreationDate)))}) AS r(n, b, d)
            ON CONFLICT DO NOTHING RETURNING id`,
      );
      await tx.execute(sql`INSERT INTO import_users (se_id, display_name, user_id)
        SELECT r.se, r.dn, u.id FROM unnest(${texts(rows.map((r) => r.Id ?? ''))}, ${texts(rows.map((r) => r.DisplayName ?? null))}, ${texts(names)}) AS r(se, dn, n)
        JOIN users u ON lower(u.username) = lower(r.n) ON CONFLICT DO NOTHING`);
    }

    for await (const rows of batches('Tags.xml')) {
      const names = rows.map((r) => (r.TagName ?? '').slice(0, TAG_NAME_STORED_MAX)).filter(Boolean);
      report.tags += await count(tx, sql`INSERT INTO tags (name) SELECT unnest(${texts(names)}) ON CONFLICT DO NOTHING RETURNING id`);
      const excerpts = rows.filter((r) => r.ExcerptPostId && r.TagName);
      await tx.execute(sql`INSERT INTO import_excerpts SELECT * FROM unnest(${texts(excerpts.map((r) => r.ExcerptPostId!))}, ${texts(excerpts.map((r) => r.TagName!))}) ON CONFLICT DO NOTHING`);
    }

    // Questions (and tag excerpts) first, answers in a second pass, so every parent exists.
    for await (const rows of batches('Posts.xml')) {
      await importExcerpts(tx, rows.filter((r) => r.PostTypeId === '4'));
      const questions = rows.filter((r) => r.PostTypeId === '1');
      if (questions.length) report.questions += await importQuestions(tx, questions, site);
    }
    for await (const rows of batches('Posts.xml')) {
      const answers = rows.filter((r) => r.PostTypeId === '2');
      if (!answers.length) continue;
      const added = await importAnswers(tx, answers, site);
      report.answers += added.inserted;
      report.skipped += added.orphans;
    }
    for await (const rows of batches('Comments.xml')) {
      const added = await importComments(tx, rows, host);
      report.comments += added.inserted;
      report.skipped += added.orphans;
    }
    await tx.execute(sql`UPDATE questions q SET answer_count = (SELECT count(*) FROM answers a WHERE a.question_id = q.id)
      WHERE q.id IN (SELECT id FROM import_posts WHERE kind = 'q')`);
  });
  return report;
}

async function importExcerpts(tx: Tx, rows: XmlRow[]) {
  if (!rows.length) return;
  await tx.execute(sql`UPDATE tags t SET description = r.d FROM unnest(${texts(rows.map((r) => r.Id ?? ''))}, ${texts(rows.map((r) => plainText(r.Body ?? '')))}) AS r(se, d)
    JOIN import_excerpts e ON e.se_id = r.se WHERE lower(t.name) = lower(e.tag)`);
}

async function importQuestions(tx: Tx, rows: XmlRow[], site: string): Promise<number> {
  const urls = rows.map((r) => `${site}/questions/${r.Id}`);
  const col = (f: (r: XmlRow) => string | null) => texts(rows.map(f));
  const bodies = rows.map((r) => toMarkdown(r.Body ?? ''));
  const inserted = (await tx.execute(sql`
    INSERT INTO questions (title, text, html, asked_by, ask_date_time, last_activity, view_count, score, source_url, source_author, source_author_url)
    SELECT r.title, r.body, r.html, iu.user_id, r.asked::timestamptz, r.active::timestamptz, r.views::int, r.score::int, r.url,
           coalesce(iu.display_name, r.owner_name), CASE WHEN iu.se_id IS NOT NULL THEN ${site} || '/users/' || iu.se_id END
    FROM unnest(${col((r) => (r.Title ?? '').slice(0, TITLE_MAX))}, ${texts(bodies)}, ${texts(bodies.map(renderMarkdown))}, ${col((r) => r.OwnerUserId ?? null)},
                ${col((r) => utc(r.CreationDate))}, ${col((r) => utc(r.LastActivityDate ?? r.CreationDate))}, ${col((r) => r.ViewCount ?? '0')},
                ${col((r) => r.Score ?? '0')}, ${texts(urls)}, ${col((r) => r.OwnerDisplayName ?? null)})
         AS r(title, body, html, owner, asked, active, views, score, url, owner_name)
    LEFT JOIN import_users iu ON iu.se_id = r.owner
    ON CONFLICT (source_url) DO NOTHING RETURNING id`)) as { rows: unknown[] };
  await tx.execute(sql`INSERT INTO import_posts SELECT r.se, 'q', q.id FROM unnest(${col((r) => r.Id ?? '')}, ${texts(urls)}) AS r(se, url)
    JOIN questions q ON q.source_url = r.url ON CONFLICT DO NOTHING`);
  const links = rows.flatMap((r, i) => dumpTags(r.Tags).map((tag, position) => ({ url: urls[i]!, tag, position: String(position) })));
  await tx.execute(sql`INSERT INTO tags (name) SELECT DISTINCT unnest(${texts(links.map((l) => l.tag))}) ON CONFLICT DO NOTHING`);
  await tx.execute(sql`INSERT INTO question_tags (question_id, tag_id, position)
    SELECT q.id, t.id, r.p::smallint FROM unnest(${texts(links.map((l) => l.url))}, ${texts(links.map((l) => l.tag))}, ${texts(links.map((l) => l.position))}) AS r(url, tag, p)
    JOIN questions q ON q.source_url = r.url JOIN tags t ON lower(t.name) = lower(r.tag) ON CONFLICT DO NOTHING`);
  return inserted.rows.length;
}

async function importAnswers(tx: Tx, rows: XmlRow[], site: string): Promise<{ inserted: number; orphans: number }> {
  const urls = rows.map((r) => `${site}/a/${r.Id}`);
  const col = (f: (r: XmlRow) => string | null) => texts(rows.map(f));
  const bodies = rows.map((r) => toMarkdown(r.Body ?? ''));
  const result = (await tx.execute(sql`
    INSERT INTO answers (question_id, text, html, ans_by, ans_date_time, source_url, source_author, source_author_url)
    SELECT p.id, r.body, r.html, iu.user_id, r.at::timestamptz, r.url, coalesce(iu.display_name, r.owner_name), CASE WHEN iu.se_id IS NOT NULL THEN ${site} || '/users/' || iu.se_id END
    FROM unnest(${col((r) => r.ParentId ?? '')}, ${texts(bodies)}, ${texts(bodies.map(renderMarkdown))}, ${col((r) => r.OwnerUserId ?? null)},
                ${col((r) => utc(r.CreationDate))}, ${texts(urls)}, ${col((r) => r.OwnerDisplayName ?? null)}) AS r(parent, body, html, owner, at, url, owner_name)
    JOIN import_posts p ON p.se_id = r.parent AND p.kind = 'q'
    LEFT JOIN import_users iu ON iu.se_id = r.owner
    ON CONFLICT (source_url) DO NOTHING RETURNING id`)) as { rows: unknown[] };
  const mapped = (await tx.execute(sql`INSERT INTO import_posts SELECT r.se, 'a', a.id FROM unnest(${col((r) => r.Id ?? '')}, ${texts(urls)}) AS r(se, url)
    JOIN answers a ON a.source_url = r.url ON CONFLICT DO NOTHING RETURNING se_id`)) as { rows: unknown[] };
  return { inserted: result.rows.length, orphans: rows.length - mapped.rows.length };
}

async function importComments(tx: Tx, rows: XmlRow[], host: string): Promise<{ inserted: number; orphans: number }> {
  const col = (f: (r: XmlRow) => string | null) => texts(rows.map(f));
  const bodies = rows.map((r) => (r.Text ?? '').slice(0, 2000));
  const result = (await tx.execute(sql`
    INSERT INTO comments (text, html, comment_by, comment_date_time, question_id, answer_id, source_id)
    SELECT r.body, r.html, iu.user_id, r.at::timestamptz, CASE WHEN p.kind = 'q' THEN p.id END, CASE WHEN p.kind = 'a' THEN p.id END, r.src
    FROM unnest(${texts(bodies)}, ${texts(bodies.map(renderMarkdown))}, ${col((r) => r.UserId ?? null)}, ${col((r) => utc(r.CreationDate))},
                ${col((r) => r.PostId ?? '')}, ${col((r) => `${host}/c/${r.Id}`)}) AS r(body, html, owner, at, post, src)
    JOIN import_posts p ON p.se_id = r.post
    LEFT JOIN import_users iu ON iu.se_id = r.owner
    ON CONFLICT (source_id) DO NOTHING RETURNING id`)) as { rows: unknown[] };
  const known = (await tx.execute(sql`SELECT 1 FROM unnest(${col((r) => r.PostId ?? '')}) AS r(post) JOIN import_posts p ON p.se_id = r.post`)) as { rows: unknown[] };
  return { inserted: result.rows.length, orphans: rows.length - known.rows.length };
}
