/**
 * Quality of natural-language search on an imported Stack Exchange site (issue 6):
 *  - PostLinks: for each linked pair of questions, query with one title and look for the other
 *    in the top 3 (the query question itself excluded); duplicates and related links apart.
 *  - Paraphrases (bench/nl-paraphrases.json): hand-written rewordings of real titles.
 * Recall@3 and MRR@10 for the hybrid ranking, its two parts alone, and the site's plain
 * full-text search (/home?search=) as the baseline. Prints a Markdown section.
 * Usage: DATA_DIR=… (or DATABASE_URL=…) tsx bench/nl-recall.ts <dump folder>
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { sql } from 'drizzle-orm';
import {
  createSemanticService,
  createUseEmbedder,
  DEFAULT_WEIGHTS,
  trainAndSaveLsa,
  type Embedder,
  type SearchWeights,
} from '@fso/search';
import { listQuestions, searchStore } from '@fso/db';
import { xmlRowBatches } from '../remix-app/server/import/xml-rows.ts';
import { openImportedSite } from './nl-site.ts';
import { halfOf, type Half } from './nl-split.ts';

const { folder, site, database, log } = await openImportedSite();
const trainStart = Date.now();
const lsa = await trainAndSaveLsa(searchStore(database.db));
process.stderr.write(
  `LSA: ${lsa?.terms.size ?? 0} terms, k = ${lsa?.k ?? 0}, trained in ${Date.now() - trainStart} ms\n`,
);

// Each query is embedded once, whatever the number of rankings compared.
const use = createUseEmbedder();
const cache = new Map<string, Float32Array>();
const embedder: Embedder = {
  name: use.name,
  dimensions: use.dimensions,
  async embed(texts) {
    const missing = texts.filter((t) => !cache.has(t));
    if (missing.length) (await use.embed(missing)).forEach((v, i) => cache.set(missing[i]!, v));
    return texts.map((t) => cache.get(t)!);
  },
};
const semantic = createSemanticService(searchStore(database.db), { embedder, workerIntervalMs: null, log });

const byUrl = new Map<string, { id: number; title: string }>();
const found = await database.db.execute<{ id: number; title: string; source_url: string }>(
  sql`SELECT id, title, source_url FROM questions WHERE source_url LIKE ${`${site}/questions/%`}`,
);
for (const r of found.rows)
  byUrl.set(r.source_url.slice(`${site}/questions/`.length), { id: Number(r.id), title: r.title });

interface Case {
  kind: string;
  half: Half;
  query: string;
  exclude?: number;
  target: number;
}
const cases: Case[] = [];
for await (const rows of xmlRowBatches(join(folder, 'PostLinks.xml'), 1000, () => {})) {
  for (const r of rows) {
    const a = byUrl.get(r.PostId ?? '');
    const b = byUrl.get(r.RelatedPostId ?? '');
    if (!a || !b || a.id === b.id) continue;
    const kind = r.LinkTypeId === '3' ? 'duplicate' : 'related';
    const half = halfOf(
      [r.PostId, r.RelatedPostId]
        .map(Number)
        .sort((x, y) => x - y)
        .join('-'),
    );
    cases.push(
      { kind, half, query: a.title, exclude: a.id, target: b.id },
      { kind, half, query: b.title, exclude: b.id, target: a.id },
    );
  }
}
const paraphrases = JSON.parse(readFileSync(new URL('./nl-paraphrases.json', import.meta.url), 'utf8')) as {
  site: string;
  pairs: { id: string; query: string }[];
};
if (paraphrases.site === basename(folder)) {
  for (const p of paraphrases.pairs) {
    const target = byUrl.get(p.id);
    if (target) cases.push({ kind: 'paraphrase', half: halfOf(p.id), query: p.query, target: target.id });
  }
}

// Other fusion weights (the default, equal weights, was chosen on the tuning half; RESULTS.md, decision record 0039).
const WEIGHT_GRID: SearchWeights[] = [
  { embedding: 1, fullText: 1, lsa: 2 },
  { embedding: 1, fullText: 2, lsa: 1 },
  { embedding: 0.5, fullText: 1, lsa: 1 },
];

type Ranker = (c: Case) => Promise<number[]>;
const semanticRanker =
  (weights: SearchWeights): Ranker =>
  async (c) =>
    (await semantic.search(c.query, 10, { exclude: c.exclude, weights })).map((h) => Number(h._id));
const plainFullText: Ranker = async (c) =>
  (await listQuestions(database.db, { search: c.query, limit: 11, offset: 0 })).questions
    .map((q) => Number(q._id))
    .filter((id) => id !== c.exclude);

const label = (w: SearchWeights) => `rank fusion: embedding ${w.embedding}, BM25F ${w.fullText}, LSA ${w.lsa}`;
const rankers: [string, Ranker][] = [
  [`**default** (${label(DEFAULT_WEIGHTS)})`, semanticRanker(DEFAULT_WEIGHTS)],
  ['USE embedding alone', semanticRanker({ embedding: 1, fullText: 0, lsa: 0 })],
  ['LSA alone (re-ranking the candidates)', semanticRanker({ embedding: 0, fullText: 0, lsa: 1 })],
  ['BM25F alone (re-ranking the candidates)', semanticRanker({ embedding: 0, fullText: 1, lsa: 0 })],
  ['baseline: the site full-text search', plainFullText],
];
// GRID=1 adds the grid's rows (slow: every ranking runs every query).
if (process.env.GRID) for (const w of WEIGHT_GRID) rankers.push([label(w), semanticRanker(w)]);

const kinds = ['duplicate', 'related', 'all links', 'paraphrase'];
const halves: (Half | 'all pairs')[] = ['held-out', 'tuning', 'all pairs'];
const inKind = (c: Case, k: string) => (k === 'all links' ? c.kind !== 'paraphrase' : c.kind === k);
const inHalf = (c: Case, h: Half | 'all pairs') => h === 'all pairs' || c.half === h;
const results: [string, Map<string, { hits: number; rr: number; n: number }>][] = [];
// Every query embedded first, so each ranking's CPU time below leaves the model out.
await embedder.embed([...new Set(cases.map((c) => c.query))]);
const cpuMs: string[] = [];
for (const [name, rank] of rankers) {
  const stats = new Map<string, { hits: number; rr: number; n: number }>();
  const cpu = process.cpuUsage();
  for (const c of cases) {
    const ranked = await rank(c);
    const at = ranked.indexOf(c.target);
    for (const k of kinds.filter((k) => inKind(c, k)))
      for (const h of halves.filter((h) => inHalf(c, h))) {
        const s = stats.get(`${h}/${k}`) ?? { hits: 0, rr: 0, n: 0 };
        stats.set(`${h}/${k}`, s);
        s.n++;
        if (at >= 0 && at < 3) s.hits++;
        if (at >= 0 && at < 10) s.rr += 1 / (at + 1);
      }
  }
  const used = process.cpuUsage(cpu);
  cpuMs.push(`${name}: ${((used.user + used.system) / 1000 / cases.length).toFixed(2)} ms`);
  results.push([name, stats]);
  process.stderr.write(`${name} done\n`);
}
const lines = [
  `Site: ${basename(folder)} (${byUrl.size} questions). Pairs split in two halves by a hash of their dump ids (bench/nl-split.ts). Each cell: Recall@3 / MRR@10.`,
];
for (const h of halves) {
  const count = (k: string) => cases.filter((c) => inKind(c, k) && inHalf(c, h)).length;
  lines.push(
    '',
    `**${h}** (queries: ${kinds.map((k) => `${count(k)} ${k}`).join(', ')})`,
    '',
    `| ranking | ${kinds.join(' | ')} |`,
    `|---|${kinds.map(() => '---').join('|')}|`,
  );
  for (const [name, stats] of results) {
    const cell = (k: string) => {
      const s = stats.get(`${h}/${k}`);
      return s?.n ? `${((100 * s.hits) / s.n).toFixed(1)}% / ${(s.rr / s.n).toFixed(3)}` : '—';
    };
    lines.push(`| ${name} | ${kinds.map(cell).join(' | ')} |`);
  }
}
lines.push(
  '',
  `CPU per query in this process (query embedding excluded; database server not counted): ${cpuMs.join('; ')}.`,
);
console.log(lines.join('\n'));
await database.close();
