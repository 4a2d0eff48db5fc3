/**
 * Demo content for an empty database (README lists the logins). Written by us; the Stack
 * Exchange dump in ../shared is for tests and benchmarks only.
 */
import { createUser, updateBiography, type Database } from '@fso/db';
import { hashPassword } from '../app/services/passwords.server.ts';

export const DEMO_PASSWORD = 'fakestack123';
export const DEMO_USERS = [
  { username: 'alice', biography: 'Backend developer. Likes PostgreSQL and long walks through query plans.' },
  { username: 'bob', biography: 'Frontend tinkerer; asks about React more than he answers.' },
  { username: 'carol', biography: 'Plays Nim to win. Teaches TypeScript on weekends.' },
];

/** Seeds only when there are no users at all, so it never touches real data. */
export async function seedDemo(database: Database): Promise<boolean> {
  const existing = await database.db.$count((await import('@fso/db')).schema.users);
  if (existing > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of DEMO_USERS) {
    const user = await createUser(database.db, { username: demo.username, passwordHash });
    if (user) await updateBiography(database.db, Number(user._id), demo.biography);
  }
  return true;
}
