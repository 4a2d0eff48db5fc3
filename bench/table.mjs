/**
 * The full table at the top of RESULTS.md: every benchmark's headline figures side by side —
 * embedded database (PGlite) vs PostgreSQL, one instance vs two. Each benchmark records its
 * rows in bench/results.json (kept in the repository, so a benchmark rerun alone replaces only
 * its own rows) and the table is rebuilt from that file after every run, or alone with
 * `npm run bench -- --table`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { writeSection } from './lib.mjs';

const STORE = new URL('./results.json', import.meta.url).pathname;
const ORDER = ['accounts', 'qa', 'qa-embedded', 'qa-1m', 'nl-search', 'fanout', 'games', 'live'];

/** The columns, in order: where the figure was measured. */
export const COLUMNS = {
  embedded: 'embedded, 1 process (PGlite before decision 0082)',
  pg1: 'PostgreSQL 15, 1 instance',
  pg2: 'PostgreSQL 15, 2 instances',
};

/** A table cell from an HTTP load run (lib.mjs `load`) and its bare-Node ceiling. */
export const httpCell = (run, ceil) => ({
  p50: run.p50,
  p99: run.p99,
  throughput: run.rps,
  ratio: ceil ? +(run.rps / ceil.rps).toFixed(3) : null,
});

const cellText = (c) =>
  c ? `${c.p50} / ${c.p99} · ${c.throughput}${c.ratio === null ? '' : ` · ${c.ratio.toFixed(3)}`}` : '—';

/**
 * Records one benchmark's rows and rewrites the table. Each row: `name`, `unit` (what the
 * throughput counts) and a cell per column it was measured on ({ p50, p99, throughput, ratio });
 * a column left out is shown as "—". `date`, `machine` and `commit` stamp the run.
 */
export function recordTable(benchmark, { date, machine, commit, rows }) {
  const store = existsSync(STORE) ? JSON.parse(readFileSync(STORE, 'utf8')) : {};
  store[benchmark] = { date, machine, commit, rows };
  writeFileSync(STORE, `${JSON.stringify(store, null, 1)}\n`);
  writeTable(store);
}

/** Rewrites the table from bench/results.json (or `store`), running nothing. */
export function writeTable(store = JSON.parse(readFileSync(STORE, 'utf8'))) {
  const names = Object.keys(store)
    .filter((name) => store[name].rows.length)
    .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  const lines = [
    '## The full table',
    '',
    "Cell: p50 / p99 ms · throughput · ratio to the same run's ceiling; each row's run is in the table of runs below.",
    '',
    `| benchmark | unit | ${Object.values(COLUMNS).join(' | ')} | run |`,
    `|---|---|${Object.keys(COLUMNS)
      .map(() => '---')
      .join('|')}|---|`,
  ];
  for (const name of names)
    for (const row of store[name].rows)
      lines.push(
        `| ${row.name} | ${row.unit} | ${Object.keys(COLUMNS)
          .map((k) => cellText(row[k]))
          .join(' | ')} | ${name} |`,
      );
  lines.push(
    '',
    '| run | date | machine | commit |',
    '|---|---|---|---|',
    ...names.map((n) => `| ${n} | ${store[n].date} | ${store[n].machine} | ${store[n].commit ?? 'not recorded'} |`),
  );
  writeSection('table', lines);
}
