import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG } from '@fso/shared';
import { callerOf, testPorts } from '../../test/ports.ts';
import type { Limiter, Ports } from '../ports.ts';
import { fail } from '../result.ts';
import { tagNamed, tagsWithCount, tagSuggestions } from './tags.ts';

let database: Database;
let ports: Ports;
const caller = callerOf({ userId: 1, username: 'tagger' });
beforeAll(async () => {
  database = await createTestDatabase();
  ports = testPorts(database).ports;
  const askedBy = Number((await createUser(database.db, { username: 'tagger', passwordHash: null }))!._id);
  await insertQuestion(database.db, {
    title: 'A question on parsing',
    text: 'Body',
    tags: ['parsing', 'parser'],
    askedBy,
  });
  await insertQuestion(database.db, { title: 'Another on parsing', text: 'Body', tags: ['parsing'], askedBy });
});
afterAll(() => database.close());

describe('tag reads', () => {
  it('finds a tag by its name, spaces around it ignored; an unknown, empty or overlong name is notFound', async () => {
    expect(await tagNamed(ports, { name: '  parsing ' })).toMatchObject({ ok: true, value: { name: 'parsing' } });
    const notFound = { ok: false, kind: 'notFound', message: MSG.tagNotFound };
    expect(await tagNamed(ports, { name: 'nothing-here' })).toEqual(notFound);
    expect(await tagNamed(ports, { name: '   ' })).toEqual(notFound);
    expect(await tagNamed(ports, { name: 'x'.repeat(200) })).toEqual(notFound);
  });

  it('lists tags with their question counts, most used first, with the total', async () => {
    const page = await tagsWithCount(ports, { limit: 1, offset: 0 });
    expect(page).toMatchObject({ total: 2, tags: [{ name: 'parsing', qcnt: 2 }] });
  });

  it('suggests tags by prefix, and refuses past the rate limit', async () => {
    expect(await tagSuggestions(ports, caller, { prefix: 'pars', limit: 5 })).toEqual({
      ok: true,
      value: [
        { name: 'parsing', qcnt: 2 },
        { name: 'parser', qcnt: 1 },
      ],
    });
    const refusing: Limiter = {
      hit: () => Promise.resolve(fail('tooMany', MSG.tooManyRequests, 30)),
      forgive: () => Promise.resolve(),
    };
    expect(await tagSuggestions({ ...ports, limiter: refusing }, caller, { prefix: 'pars', limit: 5 })).toEqual({
      ok: false,
      kind: 'tooMany',
      message: MSG.tooManyRequests,
      retryAfterSeconds: 30,
    });
  });
});
