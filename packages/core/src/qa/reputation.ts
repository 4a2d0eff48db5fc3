/**
 * Reputation, Stack Overflow's rule (docs/decisions/0020): +10 per upvote received on a question
 * or answer, −2 per downvote received, +15 per answer accepted by another asker, +2 to the asker
 * per accept of someone else's answer, −100 per spam or rude post a moderator deleted and +2 per
 * approved suggested edit (issue 41); one's own votes and accepts earn nothing. Everyone starts at
 * 1, plus what an imported account earned on its own site (its base, decision record 0099), and
 * never drops below 1. The floor applies to the total, so the stored value always equals a
 * recount. Each decision that moves it names whose; db counts their facts and stores what
 * `reputationOf` makes of them.
 */
import type { ReputationRule } from '@fso/db';
import { MODERATION_RULES, SUGGESTED_EDIT_REPUTATION } from '@fso/shared';

export const REPUTATION = {
  start: 1,
  floor: 1,
  upvote: 10,
  downvote: -2,
  acceptedAnswer: 15,
  acceptGiven: 2,
  spamDeleted: -MODERATION_RULES.spamPenalty,
  approvedEdit: SUGGESTED_EDIT_REPUTATION,
};

export const reputationOf: ReputationRule = (facts) =>
  Math.max(
    REPUTATION.floor,
    REPUTATION.start +
      facts.base +
      REPUTATION.upvote * (facts.upvotes - facts.ownUpvotes) +
      REPUTATION.downvote * (facts.downvotes - facts.ownDownvotes) +
      REPUTATION.acceptedAnswer * (facts.acceptedAnswers - facts.ownAccepts) +
      REPUTATION.acceptGiven * (facts.acceptsGiven - facts.ownAccepts) +
      REPUTATION.spamDeleted * facts.penalties +
      REPUTATION.approvedEdit * facts.approvedEdits,
  );

/**
 * An imported account's base (decision record 0099) when the dump gives no reputation: what
 * `reputationOf` makes of the dump's votes and accepts, beyond the start everyone has here.
 */
export const importedBaseOf: ReputationRule = (facts) => reputationOf(facts) - REPUTATION.start;
