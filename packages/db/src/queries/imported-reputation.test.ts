/**
 * Imported accounts (issue 42 item 6, decision record 0099): the dump's reputation becomes a base
 * that every recount keeps (a vote here, a serial-vote reversal, a voter's account deleted), a
 * user the dump gives no reputation is counted from its votes, and names lose the `.se<id>`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDump, type DumpFile, type DumpRow } from '@fso/ops';
import { createTestDatabase } from '../../test/testing.ts';
import type { Database } from '../client.ts';
import { rows } from './sql-rows.ts';
import { reverseSerialVotesOn } from './serial-votes.ts';
import { createUser } from './users.ts';
import { reputationOf, castVote, deleteAccount } from '../../test/core-rules.ts';
import { recountReputations, storedReputations } from '../../test/recount.ts';

const DUMP: Partial<Record<DumpFile, DumpRow[]>> = {
  'Users.xml': [
    { Id: '7', DisplayName: 'Ada Lovelace', Reputation: '7477', CreationDate: '2018-03-12T17:00:00.000' },
    // No Reputation: counted from the dump's votes on the posts below.
    { Id: '8', DisplayName: 'Bob', CreationDate: '2018-03-13T17:00:00.000' },
    { Id: '9', DisplayName: 'bob', Reputation: '101', CreationDate: '2018-03-14T17:00:00.000' },
    { Id: '10', DisplayName: 'Bjørn Müller-Łukasz', Reputation: '1', CreationDate: '2018-03-14T17:00:00.000' },
    { Id: '11', DisplayName: '이호준', Reputation: '11', CreationDate: '2018-03-14T17:00:00.000' },
    { Id: '12', DisplayName: 'alice', Reputation: '3', CreationDate: '2018-03-14T17:00:00.000' },
  ],
  'Posts.xml': [
    {
      Id: '1',
      PostTypeId: '1',
      Title: 'Q',
      Body: '<p>q</p>',
      OwnerUserId: '7',
      CreationDate: '2018-03-12T18:00:00.000',
    },
    {
      Id: '2',
      PostTypeId: '2',
      ParentId: '1',
      Body: '<p>a</p>',
      OwnerUserId: '8',
      CreationDate: '2018-03-12T19:00:00.000',
    },
    {
      Id: '3',
      PostTypeId: '1',
      Title: 'Q2',
      Body: '<p>q</p>',
      OwnerUserId: '8',
      CreationDate: '2018-03-12T18:00:00.000',
    },
  ],
  'Votes.xml': [
    ...Array.from({ length: 3 }, (_, i) => ({ Id: `${i}`, PostId: '2', VoteTypeId: '2' })),
    { Id: '10', PostId: '2', VoteTypeId: '3' },
    { Id: '11', PostId: '2', VoteTypeId: '1' },
    { Id: '12', PostId: '3', VoteTypeId: '2' },
    { Id: '13', PostId: '3', VoteTypeId: '5' },
    { Id: '14', PostId: '999', VoteTypeId: '2' },
  ],
};

const dump = (files: Partial<Record<DumpFile, DumpRow[]>>) => ({
  host: 'tiny.stackexchange.com',
  async *batches(file: DumpFile) {
    if (files[file]) yield files[file];
  },
});

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await createUser(database.db, { username: 'alice', passwordHash: null });
});
afterAll(() => database.close());

const user = async (sourceId: string) =>
  (
    await rows(
      database.db,
      sql`SELECT id, username, reputation, reputation_base FROM users WHERE source_url = ${`https://tiny.stackexchange.com/users/${sourceId}`}`,
    )
  ).map((r) => ({ id: Number(r.id), username: String(r.username), reputation: Number(r.reputation) }))[0]!;

describe('imported accounts', () => {
  it('show their display name, with -N only on a clash, and the dump’s reputation or one counted from its votes', async () => {
    await importDump(database, dump(DUMP));
    // Ada's accept of Bob's answer would give her +2, but the dump gives her reputation.
    expect(await user('7')).toMatchObject({ username: 'Ada_Lovelace', reputation: 7477 });
    // Bob: 3 up, 1 down and an accept on his answer (10·3 − 2 + 15), 1 up on his question (+10); favourites count nothing.
    expect(await user('8')).toMatchObject({ username: 'Bob', reputation: 1 + 30 - 2 + 15 + 10 });
    expect(await user('9')).toMatchObject({ username: 'bob-2', reputation: 101 });
    expect(await user('10')).toMatchObject({ username: 'Bjorn_Muller-Lukasz', reputation: 1 });
    expect(await user('11')).toMatchObject({ username: 'user11', reputation: 11 });
    expect(await user('12')).toMatchObject({ username: 'alice-2', reputation: 3 });
    expect(await storedReputations(database.db)).toEqual(await recountReputations(database.db));
  });

  it('keep them on a second import, and an account an earlier import named Name.se<id> is renamed', async () => {
    await database.exec(
      `INSERT INTO users (username) VALUES ('Carol_Jones.se13'); UPDATE users SET username = 'Ada_Lovelace.se7', source_url = NULL WHERE source_url LIKE '%/users/7'`,
    );
    const again = {
      ...DUMP,
      'Users.xml': [...DUMP['Users.xml']!, { Id: '13', DisplayName: 'Carol Jones', Reputation: '50' }],
    };
    expect((await importDump(database, dump(again))).users).toBe(0);
    expect(await user('7')).toMatchObject({ username: 'Ada_Lovelace', reputation: 7477 });
    expect(await user('13')).toMatchObject({ username: 'Carol_Jones', reputation: 50 });
    expect(await user('9')).toMatchObject({ username: 'bob-2', reputation: 101 });
  });

  it('keep their base through every recount: a vote here, a serial-vote reversal, a voter deleted', async () => {
    const voter = Number((await createUser(database.db, { username: 'voter', passwordHash: null }))!._id);
    const ada = await user('7');
    const [question] = await rows(database.db, sql`SELECT id FROM questions WHERE asked_by = ${ada.id}`);
    await castVote(database.db, { post: 'question', id: Number(question!.id), userId: voter, value: 1 });
    expect((await user('7')).reputation).toBe(7487);
    const today = new Date().toISOString().slice(0, 10);
    const reversed = await reverseSerialVotesOn(database.db, today, {
      decide: (votes) => ({ reverse: votes, log: [] }),
      reputation: reputationOf,
    });
    expect(reversed).toBe(1);
    expect((await user('7')).reputation).toBe(7477);
    await castVote(database.db, { post: 'question', id: Number(question!.id), userId: voter, value: -1 });
    expect((await user('7')).reputation).toBe(7475);
    await deleteAccount(database.db, voter);
    expect((await user('7')).reputation).toBe(7477);
    expect(await storedReputations(database.db)).toEqual(await recountReputations(database.db));
  });

  it("count no accept of one's own answer, by core's rule, for a user the dump gives no reputation", async () => {
    const q = (id: string, owner: string) => ({
      Id: id,
      PostTypeId: '1',
      Title: `Q${id}`,
      Body: '<p>q</p>',
      OwnerUserId: owner,
    });
    const a = (id: string, parent: string, owner: string) => ({
      Id: id,
      PostTypeId: '2',
      ParentId: parent,
      Body: '<p>a</p>',
      OwnerUserId: owner,
    });
    await importDump(
      database,
      dump({
        'Users.xml': [
          { Id: '20', DisplayName: 'Selfie', CreationDate: '2018-03-14T17:00:00.000' },
          { Id: '21', DisplayName: 'Asker', CreationDate: '2018-03-14T17:00:00.000' },
        ],
        'Posts.xml': [q('100', '20'), a('101', '100', '20'), q('102', '21'), a('103', '102', '20')],
        'Votes.xml': [
          { Id: '20', PostId: '101', VoteTypeId: '1' },
          { Id: '21', PostId: '101', VoteTypeId: '2' },
          { Id: '22', PostId: '103', VoteTypeId: '1' },
        ],
      }),
    );
    // Selfie: an upvote (+10) and an accept by another asker (+15); accepting his own answer earns nothing.
    expect(await user('20')).toMatchObject({ username: 'Selfie', reputation: 1 + 10 + 15 });
    expect(await user('21')).toMatchObject({ username: 'Asker', reputation: 1 + 2 });
    expect(await storedReputations(database.db)).toEqual(await recountReputations(database.db));
  });
});
