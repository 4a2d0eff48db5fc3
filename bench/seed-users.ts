/**
 * Fills a benchmark database with N users sharing one password (hashed once), in one SQL
 * statement, before the server starts. Usage: tsx bench/seed-users.ts <count>
 * (DATA_DIR or DATABASE_URL from the environment).
 */
import { resolve } from 'node:path';
import { hashPassword } from '@fso/passwords';
import { migrate, openDatabase } from '@fso/db';

const count = Number(process.argv[2] ?? 10_000);
const database = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: resolve(process.env.DATA_DIR ?? './data') },
);
await migrate(database);
const hash = await hashPassword('bench-password');
await database.exec(
  `INSERT INTO users (username, password_hash, biography)
   SELECT 'bench' || g, '${hash}', 'Benchmark user number ' || g FROM generate_series(1, ${count}) g
   ON CONFLICT DO NOTHING;
   ANALYZE users;`,
);
await database.close();
