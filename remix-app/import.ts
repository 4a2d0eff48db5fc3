/**
 * `npm run import -- <folder>`: imports a Stack Exchange dump folder into the configured
 * database (DATABASE_URL, else the embedded one in DATA_DIR), with a progress bar on stderr.
 */
import { resolve } from 'node:path';
import { migrate, openDatabase } from '@fso/db';
import { loadConfig } from './server/config.ts';
import { importStackExchange } from './server/import/stackexchange.ts';

const folder = process.argv[2];
if (!folder) {
  console.error('Usage: npm run import -- <folder with Posts.xml, Users.xml, Tags.xml, Comments.xml>');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: resolve(config.dataDir) });
try {
  await migrate(database);
  const started = Date.now();
  let last = '';
  const report = await importStackExchange(database, folder, (file, done, total) => {
    const pct = total ? Math.floor((done / total) * 100) : 100;
    const line = `${file.padEnd(13)} [${'#'.repeat(Math.floor(pct / 4)).padEnd(25)}] ${String(pct).padStart(3)}%`;
    // A terminal gets one redrawn bar; a log file gets a line per quarter.
    if (line === last || (!process.stderr.isTTY && pct % 25 !== 0)) return;
    process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
    last = line;
  });
  process.stderr.write('\n');
  console.log(
    `Imported ${report.questions} questions, ${report.answers} answers, ${report.comments} comments, ${report.users} users, ${report.tags} tags` +
      ` (${report.skipped} rows without their parent skipped) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  process.stderr.write('\n');
  console.error(`Import failed, nothing was imported: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
