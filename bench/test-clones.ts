/**
 * What a test file pays for its database (issue 44): `createTestDatabase()` until the database
 * answers a query, then its `close`, --count times, after `prepareTemplate()` (on the embedded
 * test server when TEST_DATABASE_URL is unset). Prints one JSON line with the medians in ms.
 * Run in two checkouts to compare them (the base's copy of this file against its own helpers).
 *   tsx bench/test-clones.ts [count]
 */
import { sql } from 'drizzle-orm';
import { createTestDatabase, prepareTemplate } from '@fso/db/testing';

const count = Number(process.argv[2] ?? 10);
const stop = await prepareTemplate();
const open: number[] = [];
const close: number[] = [];
for (let i = 0; i < count; i++) {
  const started = performance.now();
  const database = await createTestDatabase();
  await database.db.execute(sql`SELECT 1`);
  const opened = performance.now();
  await database.close();
  open.push(opened - started);
  close.push(performance.now() - opened);
}
const median = (list: number[]) => Math.round(list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!);
console.log(JSON.stringify({ count, openMs: median(open), closeMs: median(close) }));
if (typeof stop === 'function') await stop();
