/**
 * `npm run admin -- USERNAME`: makes the account an admin (core's makeAdmin), the way the site's
 * first admin is made; admins then appoint moderators on the profile screen. The change is
 * written to the moderators' log as done from the command line.
 */
import { makeAdmin } from '@fso/core';
import { openCliDatabase } from './cli-database.ts';

const username = process.argv[2]?.trim();
if (!username) {
  console.error('Usage: npm run admin -- USERNAME');
  process.exit(2);
}
const { database } = await openCliDatabase();
try {
  const made = await makeAdmin({ db: database.db, clock: () => new Date() }, username);
  if (made.ok) console.log(`${made.value.username} is an admin.`);
  else {
    console.error(made.message);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
