/**
 * Serial voting (issue 39 item 15), as Stack Overflow's nightly script: `findSerialVotes` (the
 * pure rule) groups one UTC day's votes by voter, author and direction, and names every group
 * past the limit (shared's SERIAL_VOTING); `reverseSerialVotes` reverses one day's groups and logs
 * each for the moderators, once per day whatever the number of processes; `checkSerialVotes` is
 * the periodic job's turn: every finished day of the last few not checked yet.
 */
import * as db from '@fso/db';
import { SERIAL_VOTING, type SerialVotingLimits } from '@fso/shared';
import type { Ports } from '../ports.ts';
import { reputationOf } from '../qa/reputation.ts';

/** All of one voter's votes of one direction on one author's posts that day, past the limit. */
export interface SerialGroup {
  voterId: number;
  voterName: string;
  authorId: number;
  authorName: string;
  value: 1 | -1;
  votes: db.DayVote[];
}

export function findSerialVotes(
  votes: readonly db.DayVote[],
  limits: SerialVotingLimits = SERIAL_VOTING,
): SerialGroup[] {
  const groups = new Map<string, SerialGroup>();
  for (const vote of votes) {
    if (vote.voterId === vote.authorId) continue;
    const key = `${vote.voterId}:${vote.authorId}:${vote.value}`;
    const group = groups.get(key) ?? {
      voterId: vote.voterId,
      voterName: vote.voterName,
      authorId: vote.authorId,
      authorName: vote.authorName,
      value: vote.value,
      votes: [],
    };
    group.votes.push(vote);
    groups.set(key, group);
  }
  return [...groups.values()].filter((g) => g.votes.length > limits.maxPerDay);
}

/** The moderators' log entry of one reversed group (the job acts, no moderator). */
export function serialLogEntry(group: SerialGroup, day: string, limits: SerialVotingLimits): db.ModLogInput {
  const kind = group.value === 1 ? 'upvotes' : 'downvotes';
  return {
    moderator: null,
    action: 'reverseSerialVotes',
    target: { kind: 'user', id: group.voterId, label: group.voterName },
    reason: `Serial voting: ${group.votes.length} ${kind} on posts of ${group.authorName} on ${day} (more than ${limits.maxPerDay} a day); reversed.`,
    details: {
      day,
      author: { id: group.authorId, name: group.authorName },
      value: group.value,
      votes: group.votes.map((v) => `${v.post}:${v.postId}`),
    },
  };
}

/** Reverses `day`'s serial votes (YYYY-MM-DD, UTC): how many, or null when the day was checked already. */
export function reverseSerialVotes(
  ports: Pick<Ports, 'db'>,
  day: string,
  limits: SerialVotingLimits = SERIAL_VOTING,
): Promise<number | null> {
  return db.reverseSerialVotesOn(ports.db, day, {
    decide: (votes) => {
      const groups = findSerialVotes(votes, limits);
      return { reverse: groups.flatMap((g) => g.votes), log: groups.map((g) => serialLogEntry(g, day, limits)) };
    },
    reputation: reputationOf,
  });
}

/** The finished UTC days, newest first, that the check looks at on `now`. */
export function daysToCheck(now: Date, limits: SerialVotingLimits = SERIAL_VOTING): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: limits.daysBack }, (_, i) =>
    new Date(today - (i + 1) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** One turn of the periodic job: every day not checked yet; the number of votes reversed. */
export async function checkSerialVotes(
  ports: Pick<Ports, 'db' | 'clock'>,
  limits: SerialVotingLimits = SERIAL_VOTING,
): Promise<number> {
  let reversed = 0;
  for (const day of daysToCheck(ports.clock(), limits)) reversed += (await reverseSerialVotes(ports, day, limits)) ?? 0;
  return reversed;
}
