/**
 * Serial voting (issue 39 item 15), checked as Stack Overflow's nightly script does: one table
 * of its limits, with their defaults. Past `maxPerDay` votes of one direction from one account
 * on another account's posts within one UTC day, all of that day's such votes are reversed.
 */
export interface SerialVotingLimits {
  /** Votes of one direction from one voter on one author's posts in a UTC day that still count. */
  maxPerDay: number;
  /** How many finished UTC days back the check looks for a day not checked yet. */
  daysBack: number;
  /** How often each web process looks for a day to check. */
  checkEveryMs: number;
}

export const SERIAL_VOTING: SerialVotingLimits = {
  maxPerDay: 5,
  daysBack: 7,
  checkEveryMs: 60 * 60_000,
};
