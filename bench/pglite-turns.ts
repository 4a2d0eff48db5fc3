/**
 * What taking turns costs and buys on the embedded database (docs/decisions/0034), in one
 * process so both sides share the machine's load: 40 concurrent "searches" of 4 full-text
 * statements each over the demo-sized tables, while a 10 ms timer measures how late the event
 * loop runs it (what a waiting `/healthz` feels). Once with PGlite as it comes, once with
 * TurnTakingPGlite, alternating, `rounds` times. Run after any test has made the PGlite template:
 *   node --import tsx bench/pglite-turns.ts [rounds]
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { TurnTakingPGlite } from '../packages/db/src/pglite-turns.ts';
import { pgliteTemplatePath } from '../packages/db/test/testing.ts';

const SEARCHES = 40;
const STATEMENTS = 4;

async function round(label: string, Kind: typeof PGlite) {
  const client = new Kind({
    loadDataDir: new Blob([readFileSync(pgliteTemplatePath())]),
    extensions: { pg_trgm, vector },
  });
  const db = drizzle({ client });
  await db.execute(sql`SELECT websearch_to_tsquery('english', 'warm up')`);
  const late: number[] = [];
  let expected = performance.now() + 10;
  const timer = setInterval(() => {
    const now = performance.now();
    late.push(now - expected);
    expected = now + 10;
  }, 10);
  const started = performance.now();
  const text = 'how do I keep a long running background job from blocking the web server while it reads rows';
  await Promise.all(
    Array.from({ length: SEARCHES }, async () => {
      for (let i = 0; i < STATEMENTS; i++) {
        await db.execute(
          sql`SELECT count(*) FROM generate_series(1, 500) g, websearch_to_tsquery('english', ${text}) q WHERE to_tsvector('english', ${text} || g::text) @@ q`,
        );
      }
    }),
  );
  const wallMs = performance.now() - started;
  clearInterval(timer);
  await client.close();
  late.sort((a, b) => a - b);
  const at = (q: number) => Math.round(late[Math.min(late.length - 1, Math.floor(q * late.length))] ?? 0);
  return {
    kind: label,
    wallMs: Math.round(wallMs),
    timerTicks: late.length,
    lateP50: at(0.5),
    lateP99: at(0.99),
    lateMax: at(1),
  };
}

const rounds = Number(process.argv[2] ?? 3);
for (let i = 0; i < rounds; i++) {
  for (const [label, Kind] of [
    ['PGlite', PGlite],
    ['TurnTakingPGlite', TurnTakingPGlite],
  ] as const)
    console.log(JSON.stringify(await round(label, Kind)));
}
