/** Route tests' users: each name created and signed in, with its id and the session cookie a request sends. */
import { createUser, type Database } from '@fso/db';
import { startSession } from '../app/services/session.server.ts';
import { testContext } from './context.ts';

export async function signedInUsers(
  database: Database,
  names: string[],
): Promise<{ uid: Record<string, number>; cookie: Record<string, string> }> {
  const { context } = testContext(database);
  const uid: Record<string, number> = {};
  const cookie: Record<string, string> = {};
  for (const name of names) {
    const user = (await createUser(database.db, { username: name, passwordHash: null }))!;
    uid[name] = Number(user._id);
    cookie[name] = (await startSession(context, uid[name])).split(';')[0]!;
  }
  return { uid, cookie };
}
