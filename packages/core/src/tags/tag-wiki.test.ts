/** Tag pages: the wiki's edit rule (pure), the edit and the tags a user ignores (database), the filtered and sorted list. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertQuestion, type Database } from '@fso/db';
import { createTestDatabase } from '@fso/db/testing';
import { MSG, TAG_MSG } from '@fso/shared';
import { callerOf, testPorts } from '../../test/ports.ts';
import type { Ports } from '../ports.ts';
import { decideTagWikiEdit, editTagWiki, ignoreTag, tagInfo, tagMarksOf, tagPage } from './tag-wiki.ts';
import { tagsWithCount } from './tags.ts';
import { watchTag } from '../mail/preferences.ts';

describe('decideTagWikiEdit', () => {
  const user = (reputation: number, role?: 'moderator') => callerOf({ userId: 9, username: 'u', reputation, role });
  it('lets 1,000 reputation or a moderator edit an existing tag, refuses less, and a missing tag is notFound', () => {
    expect(decideTagWikiEdit({ tagExists: true }, user(1000))).toEqual({ ok: true, value: null });
    expect(decideTagWikiEdit({ tagExists: true }, user(1, 'moderator'))).toEqual({ ok: true, value: null });
    expect(decideTagWikiEdit({ tagExists: true }, user(999))).toEqual({
      ok: false,
      kind: 'forbidden',
      message: TAG_MSG.wikiPrivilege,
    });
    expect(decideTagWikiEdit({ tagExists: false }, user(5000))).toMatchObject({ kind: 'notFound' });
  });
});

let database: Database;
let ports: Ports;
let trusted: ReturnType<typeof callerOf>;
let newcomer: ReturnType<typeof callerOf>;
beforeAll(async () => {
  database = await createTestDatabase();
  ports = testPorts(database).ports;
  const trustedId = Number((await createUser(database.db, { username: 'trusted', passwordHash: null }))!._id);
  const newId = Number((await createUser(database.db, { username: 'newcomer', passwordHash: null }))!._id);
  trusted = callerOf({ userId: trustedId, username: 'trusted', reputation: 1200 });
  newcomer = callerOf({ userId: newId, username: 'newcomer', reputation: 1 });
  await insertQuestion(database.db, { title: 'Qubits', text: 'Body', tags: ['quantum-entanglement'], askedBy: newId });
  await insertQuestion(database.db, {
    title: 'More qubits',
    text: 'Body',
    tags: ['quantum-entanglement', 'zeta'],
    askedBy: newId,
  });
  await insertQuestion(database.db, { title: 'Alpha', text: 'Body', tags: ['alpha'], askedBy: newId });
});
afterAll(() => database.close());

describe('tag wikis', () => {
  it('stores a trusted user’s excerpt and rendered wiki with who edited it', async () => {
    const edited = await editTagWiki(ports, trusted, {
      name: 'Quantum-Entanglement',
      excerpt: 'Correlated states.',
      wiki: 'Use **this** tag for `Bell` pairs.',
    });
    expect(edited).toMatchObject({
      ok: true,
      value: { name: 'quantum-entanglement', description: 'Correlated states.', qcnt: 2, wikiEditedBy: 'trusted' },
    });
    const info = await tagInfo(ports, { name: 'quantum-entanglement' });
    expect(info.ok && info.value.wikiHtml).toContain('<strong>this</strong>');
  });

  it('refuses a newcomer with the privilege’s message and changes nothing', async () => {
    expect(await editTagWiki(ports, newcomer, { name: 'alpha', excerpt: 'Hijacked', wiki: '' })).toEqual({
      ok: false,
      kind: 'forbidden',
      message: TAG_MSG.wikiPrivilege,
    });
    expect(await tagInfo(ports, { name: 'alpha' })).toMatchObject({
      ok: true,
      value: { description: 'user added tag', wikiEditedBy: null },
    });
    expect(await tagPage(ports, newcomer, { name: 'alpha' })).toMatchObject({ ok: true, value: { mayEdit: false } });
    expect(await tagPage(ports, trusted, { name: 'alpha' })).toMatchObject({ ok: true, value: { mayEdit: true } });
  });

  it('answers notFound for a tag that does not exist', async () => {
    expect(await editTagWiki(ports, trusted, { name: 'nothing', excerpt: '', wiki: '' })).toMatchObject({
      kind: 'notFound',
      message: MSG.tagNotFound,
    });
    expect(await tagInfo(ports, { name: 'nothing' })).toMatchObject({ kind: 'notFound' });
  });
});

describe('watched and ignored tags', () => {
  it('reads both marks of a user, and ignoring can be undone', async () => {
    await watchTag(ports, newcomer, { name: 'zeta', watch: true });
    expect(await ignoreTag(ports, newcomer, { name: 'ALPHA', ignore: true })).toEqual({
      ok: true,
      value: { name: 'alpha', ignoring: true },
    });
    expect(await tagMarksOf(ports, newcomer)).toEqual({ watched: ['zeta'], ignored: ['alpha'] });
    await ignoreTag(ports, newcomer, { name: 'alpha', ignore: false });
    expect(await tagMarksOf(ports, newcomer)).toEqual({ watched: ['zeta'], ignored: [] });
    expect(await ignoreTag(ports, newcomer, { name: 'nothing', ignore: true })).toMatchObject({ kind: 'notFound' });
    expect(await tagMarksOf(ports, callerOf(null))).toEqual({ watched: [], ignored: [] });
  });
});

describe('the tags list', () => {
  it('filters by any part of the name and sorts by popularity, name or newest', async () => {
    const names = async (q: Parameters<typeof tagsWithCount>[1]) =>
      (await tagsWithCount(ports, q)).tags.map((t) => t.name);
    expect(await tagsWithCount(ports, { limit: 10, offset: 0, filter: 'ENTANG' })).toMatchObject({
      total: 1,
      tags: [{ name: 'quantum-entanglement', qcnt: 2 }],
    });
    expect(await names({ limit: 10, offset: 0 })).toEqual(['quantum-entanglement', 'alpha', 'zeta']);
    expect(await names({ limit: 10, offset: 0, sort: 'name' })).toEqual(['alpha', 'quantum-entanglement', 'zeta']);
    expect(await names({ limit: 10, offset: 0, sort: 'new' })).toEqual(['alpha', 'zeta', 'quantum-entanglement']);
  });
});
