/** The serial-voting rule (issue 39 item 15), without a database. */
import { describe, expect, it } from 'vitest';
import type { DayVote } from '@fso/db';
import { SERIAL_VOTING } from '@fso/shared';
import { daysToCheck, findSerialVotes, serialLogEntry } from './serial-votes.ts';

const vote = (voterId: number, authorId: number, postId: number, value: 1 | -1 = 1): DayVote => ({
  post: postId % 2 ? 'question' : 'answer',
  postId,
  voterId,
  voterName: `v${voterId}`,
  authorId,
  authorName: `a${authorId}`,
  value,
});
const many = (n: number, voterId: number, authorId: number, value: 1 | -1 = 1, from = 0) =>
  Array.from({ length: n }, (_, i) => vote(voterId, authorId, from + i, value));
const limits = { ...SERIAL_VOTING, maxPerDay: 3 };

describe('findSerialVotes', () => {
  it('leaves a pair at the limit alone and names every vote of a pair past it', () => {
    expect(findSerialVotes(many(3, 1, 2), limits)).toEqual([]);
    const [group, ...rest] = findSerialVotes(many(4, 1, 2), limits);
    expect(rest).toEqual([]);
    expect(group).toMatchObject({ voterId: 1, authorId: 2, value: 1 });
    expect(group!.votes).toHaveLength(4);
  });

  it('counts each direction, each voter and each author apart', () => {
    const votes = [
      ...many(3, 1, 2, 1),
      ...many(3, 1, 2, -1, 10),
      ...many(3, 1, 3, 1, 20),
      ...many(3, 4, 2, 1, 30),
      ...many(5, 5, 6, -1, 40),
    ];
    expect(findSerialVotes(votes, limits).map((g) => [g.voterId, g.authorId, g.value, g.votes.length])).toEqual([
      [5, 6, -1, 5],
    ]);
  });

  it('never counts votes on one’s own posts', () => {
    expect(findSerialVotes(many(10, 7, 7), limits)).toEqual([]);
  });

  it('uses the table’s default limit', () => {
    expect(findSerialVotes(many(SERIAL_VOTING.maxPerDay, 1, 2))).toEqual([]);
    expect(findSerialVotes(many(SERIAL_VOTING.maxPerDay + 1, 1, 2))).toHaveLength(1);
  });
});

describe('the log entry and the days checked', () => {
  it('says who voted for whom, how often, that day, on the voter', () => {
    const [group] = findSerialVotes(many(4, 1, 2, -1), limits);
    expect(serialLogEntry(group!, '2026-12-05', limits)).toMatchObject({
      moderator: null,
      action: 'reverseSerialVotes',
      target: { kind: 'user', id: 1, label: 'v1' },
      reason: 'Serial voting: 4 downvotes on posts of a2 on 2026-12-05 (more than 3 a day); reversed.',
      details: { day: '2026-12-05', author: { id: 2, name: 'a2' }, value: -1 },
    });
  });

  it('looks at the finished UTC days only, newest first', () => {
    expect(daysToCheck(new Date('2026-12-06T00:30:00Z'), { ...limits, daysBack: 3 })).toEqual([
      '2026-12-05',
      '2026-12-04',
      '2026-12-03',
    ]);
  });
});
