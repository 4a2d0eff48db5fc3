/**
 * The full table at the top of RESULTS.md: every benchmark's headline figures side by side —
 * embedded database (PGlite) vs PostgreSQL, one instance vs two. Each benchmark records its
 * rows in bench/results.json (kept in the repository, so a benchmark rerun alone replaces only
 * its own rows) and the table is rebuilt from that file after every run.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { writeSection } from './lib.mjs';

const STORE = new URL('./results.json', import.meta.url).pathname;

/** The columns, in order: where the figure was measured. */
export const COLUMNS = {
  embedded: 'embedded (PGlite), 1 process',
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
 * throughput counts), `ceiling` (what the ratio is taken against) and a cell per column it was
 * measured on ({ p50, p99, throughput, ratio }); a column left out is shown as "—", and `note`
 * (shown under the table) says why when it is not the embedded database's missing second instance.
 */
export function recordTable(benchmark, { date, machine, rows, note = null }) {
  const store = existsSync(STORE) ? JSON.parse(readFileSync(STORE, 'utf8')) : {};
  store[benchmark] = { date, machine, rows, ...(note ? { note } : {}) };
  writeFileSync(STORE, `${JSON.stringify(store, null, 1)}\n`);
  const order = ['accounts', 'qa', 'qa-embedded', 'qa-1m', 'nl-search', 'fanout', 'games'];
  const names = Object.keys(store).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const lines = [
    '## The full table',
    '',
    "Every benchmark's headline figures, side by side; the sections below hold the details, the",
    'load each ran under and the CPU each request costs. Cell: **p50 / p99 ms · throughput · ratio**',
    'to the ceiling of the same run (bare Node http for HTTP rows, a bare Socket.IO server for',
    'socket rows). "—": not measured that way (PGlite lives inside the one process that opened',
    'it, so the embedded database has no second instance). Two instances on PostgreSQL share the',
    'same 2 cores as one, so on this machine they show what the cluster costs, not what a second',
    'machine would add.',
    '',
    `| benchmark | unit | ${Object.values(COLUMNS).join(' | ')} | measured |`,
    `|---|---|${Object.keys(COLUMNS)
      .map(() => '---')
      .join('|')}|---|`,
  ];
  for (const name of names) {
    const { date: when, rows: list } = store[name];
    for (const row of list)
      lines.push(
        `| ${row.name} | ${row.unit} | ${Object.keys(COLUMNS)
          .map((k) => cellText(row[k]))
          .join(' | ')} | ${when} |`,
      );
  }
  const notes = names.filter((n) => store[n].note).map((n) => `- ${n}: ${store[n].note}`);
  if (notes.length) lines.push('', 'Cells left out:', '', ...notes);
  const machines = [...new Set(names.map((n) => store[n].machine))];
  lines.push('', `Machine${machines.length > 1 ? 's' : ''}: ${machines.join('; ')}.`);
  writeSection('table', lines);
}
