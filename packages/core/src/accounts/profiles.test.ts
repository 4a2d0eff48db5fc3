import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG } from '@fso/shared';
import { testPorts } from '../../test/ports.ts';
import type { Ports } from '../ports.ts';
import { userActivity, userProfile, usersPage } from './profiles.ts';

let database: Database;
let ports: Ports;
let annId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  ports = testPorts(database).ports;
  annId = Number((await createUser(database.db, { username: 'Ann', passwordHash: null }))!._id);
  await createUser(database.db, { username: 'bob', passwordHash: null });
  await insertQuestion(database.db, {
    title: 'What Ann asked first',
    text: 'Body',
    tags: ['profiles'],
    askedBy: annId,
  });
  await insertQuestion(database.db, { title: 'What Ann asked next', text: 'Body', tags: ['profiles'], askedBy: annId });
});
afterAll(() => database.close());

describe('profiles', () => {
  it("reads a public profile by name, case-insensitively, with the account's id apart", async () => {
    const found = await userProfile(ports, { username: 'ann' });
    expect(found).toMatchObject({ ok: true, value: { id: annId, user: { username: 'Ann' } } });
    if (found.ok) expect(found.value.user).not.toHaveProperty('id');
    expect(await userProfile(ports, { username: 'nobody' })).toEqual({
      ok: false,
      kind: 'notFound',
      message: MSG.userNotFound,
    });
  });

  it("pages a user's questions, newest first; an unknown user is notFound", async () => {
    const page = await userActivity(ports, { username: 'Ann', limit: 1, questionOffset: 1, answerOffset: 0 });
    expect(page).toMatchObject({
      ok: true,
      value: { username: 'Ann', questions: { total: 2, items: [{ title: 'What Ann asked first' }] } },
    });
    expect(await userActivity(ports, { username: 'nobody', limit: 1, questionOffset: 0, answerOffset: 0 })).toEqual({
      ok: false,
      kind: 'notFound',
      message: MSG.userNotFound,
    });
  });

  it('lists users by name, filtered, with the total', async () => {
    const page = await usersPage(ports, { sort: 'name', filter: 'bo', limit: 10 });
    expect(page.total).toBe(1);
    expect(page.users.map((u) => u.username)).toEqual(['bob']);
  });
});
