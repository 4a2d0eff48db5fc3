/**
 * Core's fan-out stored by db in the writing transaction: a new question in a watched tag is
 * queued for mail to the watchers who want it at once (never its asker; a held one only when a
 * moderator approves it), and a moderator's notice reaches the author unless the moderator wrote
 * the post.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, rows, saveMailSettings, setWatching, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { callerOf, testPorts } from '../../test/ports.ts';
import { lockQuestion } from '../moderation/close-questions.ts';
import { resolveFlags } from '../moderation/review.ts';
import type { Caller, Ports } from '../ports.ts';
import { askQuestion } from '../qa/questions.ts';

let database: Database;
let ports: Ports;
const id: Record<string, number> = {};
const as = (name: string, reputation = 50): Caller =>
  callerOf({ userId: id[name]!, username: name, reputation, role: name === 'mod' ? 'moderator' : 'user' });

beforeAll(async () => {
  database = await createTestDatabase();
  ({ ports } = testPorts(database, { limits: false }));
  const addressed = ['asker', 'eager', 'weekly', 'mod', 'newbie'];
  for (const name of [...addressed, 'nomail'])
    id[name] = Number(
      (await createUser(database.db, {
        username: name,
        passwordHash: 'x',
        email: addressed.includes(name) ? `${name}@example.com` : null,
      }))!._id,
    );
  await database.db.execute(sql`UPDATE users SET role = 'moderator' WHERE username = 'mod'`);
  await database.db.execute(sql`INSERT INTO tags (name) VALUES ('fans')`);
  for (const name of ['asker', 'eager', 'weekly', 'nomail', 'newbie'])
    await setWatching(database.db, id[name]!, 'fans', true);
  for (const name of ['asker', 'eager', 'nomail', 'newbie'])
    await saveMailSettings(database.db, id[name]!, { watchedTags: 'immediately' });
});
afterAll(() => database.close());

const mailedOf = async (questionId: number) =>
  (
    await rows(
      database.db,
      sql`SELECT u.username FROM mail_queue m JOIN users u ON u.id = m.user_id
          WHERE m.kind = 'watchedQuestion' AND m.question_id = ${questionId} ORDER BY u.username`,
    )
  ).map((r) => String(r.username));

const askedId = (asked: Awaited<ReturnType<typeof askQuestion>>) => Number(asked.ok && asked.value._id);

describe('who is told, as stored', () => {
  it('queues a new question’s mail to its tags’ watchers who want it at once and have an address, not its asker', async () => {
    const qid = askedId(await askQuestion(ports, as('asker'), { title: 'Fans of fans', text: 'Text', tags: ['fans'] }));
    expect(await mailedOf(qid)).toEqual(['eager', 'newbie']);
  });

  it('mails nobody for a held question, and its watchers (not its author) once a moderator approves it', async () => {
    const links = [1, 2, 3].map((i) => `[l${i}](https://example.com/${i})`).join(' ');
    const asked = await askQuestion(ports, as('newbie', 1), { title: 'Held fans', text: links, tags: ['fans'] });
    expect(asked).toMatchObject({ ok: true, value: { hidden: 'held' } });
    const qid = askedId(asked);
    expect(await mailedOf(qid)).toEqual([]);
    expect(await resolveFlags(ports, as('mod'), { type: 'question', id: qid, decision: 'dismiss' })).toMatchObject({
      ok: true,
    });
    expect(await mailedOf(qid)).toEqual(['asker', 'eager']);
  });

  it('leaves a moderator’s notice with the author, none when the moderator locks their own question', async () => {
    const notices = async (name: string) =>
      (
        await rows(
          database.db,
          sql`SELECT excerpt FROM notifications WHERE user_id = ${id[name]!} AND kind = 'moderation' ORDER BY id`,
        )
      ).map((r) => String(r.excerpt));
    const theirs = askedId(await askQuestion(ports, as('asker'), { title: 'Lock me', text: 'Text', tags: ['locks'] }));
    const own = askedId(await askQuestion(ports, as('mod'), { title: 'My own', text: 'Text', tags: ['locks'] }));
    expect((await lockQuestion(ports, as('mod'), { questionId: theirs, locked: true })).ok).toBe(true);
    expect((await lockQuestion(ports, as('mod'), { questionId: own, locked: true })).ok).toBe(true);
    expect(await notices('asker')).toEqual(['locked your question “Lock me”']);
    expect(await notices('mod')).toEqual([]);
  });
});
